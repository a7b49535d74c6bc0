// Write-to-temporary-then-rename, the one way PortaFlow puts a file on disk.
#include "portaflow/io/atomic_write.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <string>
#include <system_error>

#include "portaflow/core/error.hpp"

namespace portaflow::io {
namespace fs = std::filesystem;

namespace {

std::string quoted(const fs::path& path) { return "'" + path.string() + "'"; }

// The pid keeps two processes writing into one folder apart; the counter keeps two writes of the
// same file from one process (two threads, or a nested write) apart.
fs::path temporary_name_for(const fs::path& target) {
  static std::atomic<unsigned long> counter{0};
  const std::string name = "." + target.filename().string() + ".tmp-" +
                           std::to_string(static_cast<long>(::getpid())) + "-" +
                           std::to_string(counter.fetch_add(1));
  return target.parent_path() / name;
}

// Without this, a crash soon after the rename can leave a zero-length target on file systems
// that delay allocation (XFS, ext4 without auto_da_alloc): the rename reaches the disk before the
// data does.
void flush_to_disk(const fs::path& file) {
  const int descriptor = ::open(file.c_str(), O_RDONLY | O_CLOEXEC);
  if (descriptor < 0)
    throw Error(std::string("cannot reopen it to flush: ") + std::strerror(errno));
  const int status = ::fsync(descriptor);
  const int fsync_errno = errno;
  ::close(descriptor);
  if (status != 0)
    throw Error(std::string("flushing it to disk failed: ") + std::strerror(fsync_errno));
}

void remove_quietly(const fs::path& file) {
  std::error_code ignored;
  fs::remove(file, ignored);
}

}  // namespace

void write_atomically(const fs::path& target,
                      const std::function<void(const fs::path& temporary)>& write) {
  const std::string failure = "could not write " + quoted(target) + ": ";
  if (target.filename().empty()) throw Error(failure + "the path names no file");

  const fs::path folder = target.parent_path().empty() ? fs::path(".") : target.parent_path();
  std::error_code status;
  if (!fs::is_directory(folder, status)) {
    throw Error(failure + "its folder " + quoted(folder) +
                " does not exist (create it first with ensure_directory)");
  }
  if (fs::is_directory(target, status)) {
    throw Error(failure + "a folder of that name is in the way; remove or rename it");
  }

  const fs::path temporary = temporary_name_for(target);
  try {
    write(temporary);
    if (!fs::exists(temporary, status)) throw Error("the writer produced no file");
    if (fs::file_size(temporary, status) == 0 || status) {
      throw Error("the writer produced an empty file (is the disk full?)");
    }
    flush_to_disk(temporary);
    fs::rename(temporary, target, status);
    if (status) throw Error("renaming the temporary file over it failed: " + status.message());
  } catch (const Error& error) {
    remove_quietly(temporary);
    throw Error(failure + error.what(), error.code());
  } catch (const std::exception& error) {
    remove_quietly(temporary);
    throw Error(failure + error.what());
  } catch (...) {
    remove_quietly(temporary);
    throw Error(failure + "the writer threw an unknown exception");
  }
}

void ensure_directory(const fs::path& folder) {
  std::error_code status;
  if (fs::is_directory(folder, status)) return;
  fs::create_directories(folder, status);
  if (status || !fs::is_directory(folder)) {
    // Name the part of the path that blocks us: the usual cause is a file where a folder should be.
    fs::path blocker;
    for (fs::path prefix = folder; !prefix.empty(); prefix = prefix.parent_path()) {
      std::error_code ignored;
      if (fs::exists(prefix, ignored) && !fs::is_directory(prefix, ignored)) {
        blocker = prefix;
        break;
      }
      if (prefix == prefix.parent_path()) break;
    }
    std::string message = "cannot create output folder " + quoted(folder) + ": ";
    message += blocker.empty() ? (status ? status.message() : std::string("unknown reason"))
                               : quoted(blocker) + " exists and is not a folder";
    throw Error(message);
  }
}

}  // namespace portaflow::io
