// How the CLI's tables print a throughput, so that `list` and `compare` read the same figure alike.
#pragma once

#include <string>

namespace bb::cli {

// One decimal from 10 up (a published 601.5 stays 601.5); below, three significant digits in fixed
// notation, so that a CPU's 0.0134 samples/s is not printed as "0.0" beside an H100's 336.5.
// "-" for an unknown figure.
std::string samplesPerSecText(double value);

}  // namespace bb::cli
