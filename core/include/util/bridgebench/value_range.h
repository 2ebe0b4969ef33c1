// One wording for a value's allowed range, wherever a setting or an option is refused or
// described: the config keys (run_config.cpp), the CLI's options (app/cli/range_check.h) and the
// guide. Numbers are written as a reader writes them ("131,072", "0.5"), never as printf's %f
// ("0.000000", a 309-digit DBL_MAX).
#pragma once

#include <cstdint>
#include <string>

namespace bb {

// "131,072"; "-5".
std::string groupedInteger(std::int64_t value);

// The shortest text that reads back as `value`: "10", "0.5", "1e+09"; integers grouped.
std::string readableNumber(double value);

// "between 1 and 131,072" (both included).
std::string rangeText(std::int64_t low, std::int64_t high);
// "between 0 and 10", or with `lowExcluded` "greater than 0 and at most 10".
std::string numberRangeText(double low, double high, bool lowExcluded = false);
// "at least 1" / "greater than 0".
std::string lowerBoundText(double low, bool lowExcluded = false);

}  // namespace bb
