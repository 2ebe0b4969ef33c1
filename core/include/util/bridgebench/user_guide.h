// Where the user guide is (README.md and docs/), for the window's Help menu.
#pragma once

#include <filesystem>

namespace bb {

// The guide's front page: PREFIX/share/doc/bridgebench/README.md beside an installed binary,
// else the README.md of the source tree the binary was built from; empty when neither exists.
// (core/src/util/app_paths.cpp, which knows both places.)
std::filesystem::path userGuideFile();

}  // namespace bb
