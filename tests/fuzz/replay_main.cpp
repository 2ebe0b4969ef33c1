// Replays fuzz corpora without libFuzzer: each file of the named target's corpus folder goes
// through the target's entry point once, so the normal build (GCC, no clang) catches a reader
// that crashes, aborts or throws an unexpected exception on an input the fuzzer once found.
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "fuzz_targets.h"

int main(int argc, char** argv) {
    if (argc != 3) {
        std::fprintf(stderr, "usage: %s TARGET CORPUS_DIR\n", argv[0]);
        return 2;
    }
    const bb::fuzz::Target* target = nullptr;
    for (const auto& candidate : bb::fuzz::kTargets)
        if (std::strcmp(candidate.name, argv[1]) == 0) target = &candidate;
    if (target == nullptr) {
        std::fprintf(stderr, "unknown fuzz target %s\n", argv[1]);
        return 2;
    }
    std::vector<std::filesystem::path> files;
    for (const auto& entry : std::filesystem::directory_iterator(argv[2]))
        if (entry.is_regular_file()) files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    if (files.empty()) {
        std::fprintf(stderr, "%s: no corpus files\n", argv[2]);
        return 1;
    }
    for (const auto& file : files) {
        std::ifstream stream(file, std::ios::binary);
        const std::string bytes{std::istreambuf_iterator<char>(stream), std::istreambuf_iterator<char>()};
        if (!stream && !stream.eof()) {
            std::fprintf(stderr, "%s: cannot read\n", file.c_str());
            return 1;
        }
        // A copy in its own allocation, so that a read past the end is one past a heap block.
        std::vector<std::uint8_t> input(bytes.begin(), bytes.end());
        std::fprintf(stderr, "%s\n", file.filename().c_str());
        target->run(input.data(), input.size());
    }
    std::printf("%s: %zu inputs replayed\n", target->name, files.size());
    return 0;
}
