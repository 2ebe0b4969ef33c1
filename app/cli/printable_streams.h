// What the CLI writes through std::cout and std::cerr reaches a terminal with its control
// characters escaped (bridgebench/printable_text.h): a run named "\x1b[2J" cleared the screen of
// whoever listed, showed or imported it. One filter under both streams, rather than a call at each
// of the hundred places that print a name, a value or an error quoting someone's file.
#pragma once

namespace bb::cli {

// Puts the filter under std::cout and std::cerr for the rest of the process. The progress line
// (stdio, its own "\r" and erase sequence) does not go through them.
void installPrintableStreams();

}  // namespace bb::cli
