// Where the app finds its shipped resources and keeps regenerable data. One place, so that
// the CLI, the GUI and the tests agree.
#pragma once

#include <filesystem>
#include <string_view>

namespace bb {

// A shipped resource (a file or folder under resources/, e.g. "tokenizer/roberta"). Looked for
// in $BRIDGEBENCH_RESOURCE_DIR, then next to the running executable's install prefix
// (PREFIX/share/bridgebench), then in the source tree this binary was built from (so that
// build-tree binaries and tests need no install). InputError lists the places searched.
std::filesystem::path resourcePath(std::string_view relative);

// Data the app can rebuild at any time (generated datasets): $BRIDGEBENCH_CACHE_DIR, else
// $XDG_CACHE_HOME/bridgebench, else ~/.cache/bridgebench. Not created here.
std::filesystem::path cacheDirectory();

}  // namespace bb
