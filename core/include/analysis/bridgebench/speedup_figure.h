// How every front end (CLI tables, the Compare tab, reports) writes a speedup, so that they agree.
#pragma once

#include <string>

namespace bb {

// The figure without its "×": two decimals from 0.1 to 10 (the study's ×2.23), else three
// significant digits in fixed notation, so that a CPU run against an 8-GPU server reads ×0.000596
// rather than ×0.00, and the reverse ×16737 rather than ×16736.91. Empty for NaN or infinity.
std::string speedupFigure(double speedup);

}  // namespace bb
