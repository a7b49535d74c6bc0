// Write-to-temporary-then-rename, the one way PortaFlow puts a file on disk.
#include "portaflow/io/atomic_write.hpp"

#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
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

// The temporaries being written now, for a signal handler: fixed buffers and flags, the only
// state a handler may read, one slot for the run's thread and one for a background writer
// (mark_background_writer). A nested write (a multi-block frame writes its pieces inside its own
// write) takes its thread's slot and gives it back.
constexpr int kSlots = 2;
char unfinished_temporary[kSlots][4096];
volatile std::sig_atomic_t writing[kSlots] = {0,
                                              0};  // 0 none, 1 a write, 2 one named in the buffer
thread_local int this_threads_slot = 0;

int slot_of_this_thread() { return this_threads_slot; }

class UnfinishedTemporary {
 public:
  explicit UnfinishedTemporary(const fs::path& temporary)
      : slot_(slot_of_this_thread()),
        outer_state_(writing[slot_]),
        outer_name_(writing[slot_] == 2 ? unfinished_temporary[slot_] : "") {
    take(temporary.native());
  }
  ~UnfinishedTemporary() {
    writing[slot_] = 0;
    if (outer_state_ == 2) take(outer_name_);
    writing[slot_] = outer_state_;
  }

 private:
  void take(const std::string& name) {
    writing[slot_] = 1;  // while the buffer changes, the handler must not read it
    if (name.size() >= sizeof unfinished_temporary[slot_]) return;
    std::memcpy(unfinished_temporary[slot_], name.c_str(), name.size() + 1);
    writing[slot_] = 2;
  }
  int slot_;
  std::sig_atomic_t outer_state_;
  std::string outer_name_;
};

// ".<name>.tmp-<pid>-<n>" -> pid, or 0 when `name` is not one of our temporaries.
long temporary_owner(const std::string& name) {
  const std::size_t mark = name.rfind(".tmp-");
  if (name.size() < 2 || name[0] != '.' || mark == std::string::npos || mark < 2) return 0;
  const std::string rest = name.substr(mark + 5);
  const std::size_t dash = rest.find('-');
  if (dash == std::string::npos || dash == 0 || dash + 1 == rest.size()) return 0;
  if (rest.find_first_not_of("0123456789-") != std::string::npos ||
      rest.find('-', dash + 1) != std::string::npos)
    return 0;
  return std::strtol(rest.substr(0, dash).c_str(), nullptr, 10);
}

bool process_is_gone(long pid) {
  if (pid <= 0) return false;
  return ::kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH;
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
  const UnfinishedTemporary in_progress(temporary);
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

void write_text_atomically(const fs::path& target, const std::string& text) {
  write_atomically(target, [&](const fs::path& temporary) {
    std::FILE* file = std::fopen(temporary.c_str(), "wb");
    if (!file)
      throw Error("cannot create its temporary file: " + std::string(std::strerror(errno)));
    const bool written = std::fwrite(text.data(), 1, text.size(), file) == text.size();
    const int write_errno = errno;
    const bool closed = std::fclose(file) == 0;
    if (!written || !closed)
      throw Error(std::string("writing its temporary file failed: ") +
                  std::strerror(written ? errno : write_errno));
  });
}

void mark_background_writer() { this_threads_slot = 1; }

bool write_in_progress() noexcept {
  for (int k = 0; k < kSlots; ++k)
    if (writing[k] != 0) return true;
  return false;
}

void remove_unfinished_temporary() noexcept {
  for (int k = 0; k < kSlots; ++k)
    if (writing[k] == 2) ::unlink(unfinished_temporary[k]);
}

std::vector<fs::path> remove_stale_temporaries(const fs::path& folder) {
  std::vector<fs::path> removed;
  std::error_code status;
  // The folder itself and one level below: multi-block frames keep their pieces in a subfolder.
  fs::recursive_directory_iterator entries(folder, status), end;
  for (; !status && entries != end; entries.increment(status)) {
    if (entries.depth() >= 1) entries.disable_recursion_pending();
    const fs::path path = entries->path();
    std::error_code ignored;
    if (!entries->is_regular_file(ignored)) continue;
    if (!process_is_gone(temporary_owner(path.filename().string()))) continue;
    if (fs::remove(path, ignored)) removed.push_back(path);
  }
  return removed;
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
