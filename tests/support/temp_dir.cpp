#include "support/temp_dir.h"

#include <cstdlib>
#include <stdexcept>
#include <string>

namespace bb::test {

TempDir::TempDir() {
    std::string pattern = (std::filesystem::temp_directory_path() / "bridgebench-test-XXXXXX").string();
    if (!mkdtemp(pattern.data())) throw std::runtime_error("mkdtemp failed for " + pattern);
    m_path = pattern;
}

TempDir::~TempDir() {
    std::error_code ignored;
    std::filesystem::remove_all(m_path, ignored);
}

}  // namespace bb::test
