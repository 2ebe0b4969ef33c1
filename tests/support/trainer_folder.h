// A Hugging Face Trainer output folder as trainer.train() leaves it: tests/data/trainer/h100's JSON
// files with its TensorBoard events under runs/, copied into a test's own folder.
#pragma once

#include <filesystem>
#include <string>

namespace bb::test {

// Copies it to FOLDER/NAME and returns that path.
std::filesystem::path h100TrainerFolder(const std::filesystem::path& folder, const std::string& name = "h100-run");

}  // namespace bb::test
