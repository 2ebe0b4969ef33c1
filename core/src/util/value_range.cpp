#include "bridgebench/value_range.h"

#include <cmath>

#include <fmt/format.h>

namespace bb {

std::string groupedInteger(std::int64_t value) {
    // Unsigned, so that INT64_MIN's magnitude fits.
    const bool negative = value < 0;
    const std::uint64_t magnitude = negative ? 0 - static_cast<std::uint64_t>(value) : static_cast<std::uint64_t>(value);
    const std::string digits = std::to_string(magnitude);
    std::string out;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
        out += digits[i];
    }
    return negative ? "-" + out : out;
}

std::string readableNumber(double value) {
    if (std::isfinite(value) && value == std::floor(value) && std::fabs(value) < 1e15)
        return groupedInteger(static_cast<std::int64_t>(value));
    return fmt::format("{}", value);
}

std::string rangeText(std::int64_t low, std::int64_t high) {
    return "between " + groupedInteger(low) + " and " + groupedInteger(high);
}

std::string numberRangeText(double low, double high, bool lowExcluded) {
    if (lowExcluded) return "greater than " + readableNumber(low) + " and at most " + readableNumber(high);
    return "between " + readableNumber(low) + " and " + readableNumber(high);
}

std::string lowerBoundText(double low, bool lowExcluded) {
    return (lowExcluded ? "greater than " : "at least ") + readableNumber(low);
}

}  // namespace bb
