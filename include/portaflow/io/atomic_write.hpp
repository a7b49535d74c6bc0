// Every output file is written to a temporary name and renamed over its target, so that ParaView, a
// plotting script or a restart never reads a half-written file, and a failed write leaves the
// previous version in place.
#pragma once

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

namespace portaflow::io {

// Calls `write` with a temporary path in the target's own folder (".<filename>.tmp-<pid>-<n>"),
// then renames the temporary over `target`. The temporary must be in the same folder because
// rename(2) is atomic only within one file system. The temporary file is flushed to disk before
// the rename, so a crash leaves either the old or the new content, never an empty file.
//
// Throws portaflow::Error naming the target and the reason when the target's folder does not
// exist, when `write` throws, when `write` produced no file or an empty one (no writer of ours
// writes empty files, so an empty one means a write that failed silently), or when the rename
// fails. In every failure case the temporary is removed and the previous target is untouched.
void write_atomically(const std::filesystem::path& target,
                      const std::function<void(const std::filesystem::path& temporary)>& write);

// write_atomically for text: the message of a failed write says why (strerror: "No space left
// on device", "File too large").
void write_text_atomically(const std::filesystem::path& target, const std::string& text);

// For a signal handler (driver/interrupt.hpp); both are async-signal-safe. True while
// write_atomically, on any thread, is between creating its temporary and renaming or removing
// it.
bool write_in_progress() noexcept;
// Unlinks those temporaries (a process about to die on a second Ctrl-C leaves nothing behind).
// One thread may write beside the run's own: it calls mark_background_writer() first.
void remove_unfinished_temporary() noexcept;
void mark_background_writer();

// Removes temporaries (".<name>.tmp-<pid>-<n>") in `folder` and its subfolders whose process no
// longer exists: what a process killed mid-write (SIGKILL, power loss) left. Returns them.
std::vector<std::filesystem::path> remove_stale_temporaries(const std::filesystem::path& folder);

// Creates `folder` and its missing parents. Throws portaflow::Error naming the folder when that
// is impossible, for instance when a file of that name is in the way.
void ensure_directory(const std::filesystem::path& folder);

}  // namespace portaflow::io
