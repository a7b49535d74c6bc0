// write_atomically and ensure_directory: a failed write must leave the previous file byte for
// byte and no temporary behind, because a run that dies mid-output must not destroy the last good
// VTK or checkpoint file.
#include <gtest/gtest.h>

#include <fstream>
#include <stdexcept>
#include <string>

#include "io/temporary_folder.hpp"
#include "portaflow/core/error.hpp"
#include "portaflow/io/atomic_write.hpp"

namespace portaflow::io {
namespace {

using test_support::folder_entries;
using test_support::read_file;
using test_support::TemporaryFolder;
using test_support::write_file;

TEST(AtomicWrite, SuccessReplacesContentAndLeavesNoTemporary) {
  TemporaryFolder folder;
  const auto target = folder / "result.txt";
  write_file(target, "old content\n");

  std::filesystem::path seen_temporary;
  write_atomically(target, [&](const std::filesystem::path& temporary) {
    seen_temporary = temporary;
    write_file(temporary, "new content\n");
  });

  EXPECT_EQ(read_file(target), "new content\n");
  // Same folder (rename is atomic only within one file system) and a hidden name.
  EXPECT_EQ(seen_temporary.parent_path(), target.parent_path());
  EXPECT_EQ(seen_temporary.filename().string().rfind(".result.txt.tmp-", 0), 0u);
  EXPECT_EQ(folder_entries(folder.path()), std::vector<std::string>{"result.txt"});
}

TEST(AtomicWrite, CreatesAFileThatDidNotExist) {
  TemporaryFolder folder;
  const auto target = folder / "fresh.csv";
  write_atomically(target,
                   [](const std::filesystem::path& temporary) { write_file(temporary, "a,b\n"); });
  EXPECT_EQ(read_file(target), "a,b\n");
}

TEST(AtomicWrite, ThrowingWriterLeavesPreviousFileIntactAndNoTemporary) {
  TemporaryFolder folder;
  const auto target = folder / "solution.vtr";
  constexpr char kPrevious[] = "previous\0binary\xff bytes\n";  // a NUL and a non-UTF-8 byte
  const std::string previous(kPrevious, sizeof kPrevious - 1);
  write_file(target, previous);

  try {
    write_atomically(target, [](const std::filesystem::path& temporary) {
      write_file(temporary, "partial con");
      throw std::runtime_error("disk quota exceeded");
    });
    FAIL() << "a throwing writer must make write_atomically throw";
  } catch (const Error& error) {
    const std::string message = error.what();
    EXPECT_NE(message.find(target.string()), std::string::npos) << message;
    EXPECT_NE(message.find("disk quota exceeded"), std::string::npos) << message;
  }

  EXPECT_EQ(read_file(target), previous);
  EXPECT_EQ(folder_entries(folder.path()), std::vector<std::string>{"solution.vtr"});
}

TEST(AtomicWrite, WriterThatWritesNothingIsAnError) {
  TemporaryFolder folder;
  const auto target = folder / "history.csv";
  write_file(target, "step,time\n");
  try {
    write_atomically(target, [](const std::filesystem::path&) {});
    FAIL() << "a writer that produced no file must be reported";
  } catch (const Error& error) {
    const std::string message = error.what();
    EXPECT_NE(message.find(target.string()), std::string::npos) << message;
    EXPECT_NE(message.find("no file"), std::string::npos) << message;
  }
  EXPECT_EQ(read_file(target), "step,time\n");
}

TEST(AtomicWrite, EmptyResultIsAnErrorAndRemovesTheTemporary) {
  TemporaryFolder folder;
  const auto target = folder / "out.pvd";
  write_file(target, "<VTKFile/>\n");
  EXPECT_THROW(
      write_atomically(target,
                       [](const std::filesystem::path& temporary) { write_file(temporary, ""); }),
      Error);
  EXPECT_EQ(read_file(target), "<VTKFile/>\n");
  EXPECT_EQ(folder_entries(folder.path()), std::vector<std::string>{"out.pvd"});
}

TEST(AtomicWrite, MissingFolderIsNamed) {
  TemporaryFolder folder;
  const auto target = folder / "not-there" / "a.csv";
  bool called = false;
  try {
    write_atomically(target, [&](const std::filesystem::path&) { called = true; });
    FAIL() << "writing into a missing folder must throw";
  } catch (const Error& error) {
    EXPECT_NE(std::string(error.what()).find("not-there"), std::string::npos) << error.what();
  }
  EXPECT_FALSE(called);
}

TEST(AtomicWrite, EnsureDirectoryCreatesNestedFolders) {
  TemporaryFolder folder;
  const auto nested = folder / "run" / "vtk" / "blocks";
  ensure_directory(nested);
  EXPECT_TRUE(std::filesystem::is_directory(nested));
  ensure_directory(nested);  // already there: nothing to do, no error
}

TEST(AtomicWrite, EnsureDirectoryNamesTheFileInTheWay) {
  TemporaryFolder folder;
  const auto blocker = folder / "output";
  write_file(blocker, "I am a file\n");
  try {
    ensure_directory(blocker / "vtk");
    FAIL() << "a file in the way must be reported";
  } catch (const Error& error) {
    const std::string message = error.what();
    EXPECT_NE(message.find(blocker.string() + "' exists and is not a folder"), std::string::npos)
        << message;
  }
}

}  // namespace
}  // namespace portaflow::io
