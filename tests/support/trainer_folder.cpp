#include "support/trainer_folder.h"

#include <string>

namespace bb::test {

std::filesystem::path h100TrainerFolder(const std::filesystem::path& folder, const std::string& name) {
    const std::filesystem::path data = BB_TEST_DATA_DIR;
    const auto copy = folder / name;
    std::filesystem::copy(data / "trainer/h100", copy);
    std::filesystem::create_directories(copy / "runs/Nov30_10-00-00_h100");
    std::filesystem::copy(data / "tfevents/trainer-h100/events.out.tfevents.1700000000.h100.4242.0",
                          copy / "runs/Nov30_10-00-00_h100/events.out.tfevents.1700000000.h100.4242.0");
    return copy;
}

}  // namespace bb::test
