#include "cli/range_check.h"

#include <charconv>
#include <limits>
#include <string>

#include "bridgebench/value_range.h"

namespace bb::cli {
namespace {

CLI::Validator integerCheck(std::int64_t low, std::int64_t high, std::string description, std::string range) {
    return CLI::Validator(
        [low, high, range](std::string& text) -> std::string {
            std::int64_t value = 0;
            const char* end = text.data() + text.size();
            const auto [at, error] = std::from_chars(text.data(), end, value);
            if (text.empty() || error == std::errc::invalid_argument || (at != end && error == std::errc()))
                return "expected an integer, got '" + text + "'";
            if (error == std::errc::result_out_of_range || value < low || value > high)
                return "must be " + range + ", got " + text;
            return {};
        },
        std::move(description));
}

}  // namespace

CLI::Validator integerBetween(std::int64_t low, std::int64_t high) {
    return integerCheck(low, high, "[" + groupedInteger(low) + " to " + groupedInteger(high) + "]",
                        rangeText(low, high));
}

CLI::Validator integerAtLeast(std::int64_t low) {
    const std::string bound = lowerBoundText(static_cast<double>(low));
    return integerCheck(low, std::numeric_limits<std::int64_t>::max(), "[" + bound + "]", bound);
}

}  // namespace bb::cli
