// Git LFS pointer files: what a clone without git-lfs holds in place of a large file. A
// TensorBoard event file committed through LFS then reads as a corrupt record ("the record's
// length CRC does not match (stored 0x70747468…)", the bytes of "version https://git-lfs…"),
// where the truth is that the file is elsewhere.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

namespace bb::tfevents {

// "a Git LFS pointer to a 1234567-byte file (oid sha256:0a1b2c3d…), not the file itself: fetch it with
// `git lfs pull` in its repository"; nullopt for any other file. Reads at most the first 1 KiB
// (the LFS spec keeps a pointer under that).
std::optional<std::string> gitLfsPointer(const std::filesystem::path& path);

}  // namespace bb::tfevents
