// A fresh, empty folder per test, removed with everything in it when the test ends, so io tests
// never see each other's files or files of an earlier run.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace portaflow::io::test_support {

class TemporaryFolder {
 public:
  TemporaryFolder() {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    std::string test_name =
        info ? std::string(info->test_suite_name()) + "." + info->name() : "no-test";
    std::replace(test_name.begin(), test_name.end(), '/', '_');  // parameterised test names
    static int counter = 0;
    path_ = std::filesystem::temp_directory_path() /
            ("portaflow-" + test_name + "-" + std::to_string(::getpid()) + "-" +
             std::to_string(counter++));
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
  }
  ~TemporaryFolder() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  TemporaryFolder(const TemporaryFolder&) = delete;
  TemporaryFolder& operator=(const TemporaryFolder&) = delete;

  const std::filesystem::path& path() const { return path_; }
  std::filesystem::path operator/(const std::string& name) const { return path_ / name; }

 private:
  std::filesystem::path path_;
};

inline std::string read_file(const std::filesystem::path& path) {
  std::ifstream stream(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(stream), std::istreambuf_iterator<char>());
}

inline void write_file(const std::filesystem::path& path, const std::string& text) {
  std::ofstream stream(path, std::ios::binary | std::ios::trunc);
  stream << text;
}

// Names in the folder, so a test can assert that no temporary was left behind.
inline std::vector<std::string> folder_entries(const std::filesystem::path& folder) {
  std::vector<std::string> names;
  for (const auto& entry : std::filesystem::directory_iterator(folder)) {
    names.push_back(entry.path().filename().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

}  // namespace portaflow::io::test_support
