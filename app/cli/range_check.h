// CLI11 checks for a number option's range, worded as core words a config key's range
// (bridgebench/value_range.h): CLI11's own Range and PositiveNumber print bounds with %f
// ("0.000000 to 1797693…"), which contradicts itself for an integer option.
#pragma once

#include <cstdint>

#include <CLI/CLI.hpp>

namespace bb::cli {

// An integer from `low` to `high`, both included. --help shows "[1 to 131,072]".
CLI::Validator integerBetween(std::int64_t low, std::int64_t high);

// An integer of at least `low`. --help shows "[at least 1]".
CLI::Validator integerAtLeast(std::int64_t low);

}  // namespace bb::cli
