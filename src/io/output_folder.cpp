#include "portaflow/io/output_folder.hpp"

#include <algorithm>
#include <ostream>
#include <set>
#include <string>

#include "portaflow/core/error.hpp"
#include "portaflow/io/atomic_write.hpp"

namespace portaflow::io {
namespace fs = std::filesystem;

namespace {

bool all_digits(const std::string& text) {
  return !text.empty() && text.find_first_not_of("0123456789") == std::string::npos;
}

// "<prefix>_<digits>" (a frame's stem).
bool is_numbered(const std::string& stem) {
  const std::size_t underscore = stem.rfind('_');
  return underscore != std::string::npos && underscore > 0 &&
         all_digits(stem.substr(underscore + 1));
}

bool is_our_file(const fs::path& file, const std::vector<std::string>& result_files) {
  static const std::set<std::string> fixed = {
      "resolved.yaml", "history.csv", "checkpoint.pfc", "final.csv",  "final.vtr",
      "final.vtu",     "final.vtm",   "final.vts",      "final.pvtr", "final.pvtu"};
  const std::string name = file.filename().string();
  if (fixed.count(name)) return true;
  // A run over MPI ranks: checkpoint.rank<r>.pfc (io::rank_file).
  if (file.extension() == ".pfc" && name.rfind("checkpoint.rank", 0) == 0 &&
      all_digits(file.stem().string().substr(15)))
    return true;
  if (std::find(result_files.begin(), result_files.end(), name) != result_files.end()) return true;
  const std::string extension = file.extension().string();
  if (extension == ".pvd") return true;
  static const std::set<std::string> frames = {".vtr", ".vtu", ".vts", ".vtm", ".pvtr", ".pvtu"};
  return frames.count(extension) && is_numbered(file.stem().string());
}

// A frame's piece folder (a multi-block frame's, or a run over MPI ranks'): "<prefix>_<digits>"
// or "final", holding only .vtr/.vts/.vtu.
bool is_our_piece_folder(const fs::path& folder) {
  const std::string name = folder.filename().string();
  if (name != "final" && !is_numbered(name)) return false;
  std::error_code status;
  bool any = false;
  for (const auto& entry : fs::directory_iterator(folder, status)) {
    const std::string extension = entry.path().extension().string();
    if (!entry.is_regular_file() ||
        (extension != ".vtr" && extension != ".vts" && extension != ".vtu"))
      return false;
    any = true;
  }
  return any && !status;
}

}  // namespace

std::vector<fs::path> earlier_run_files(const fs::path& folder,
                                        const std::vector<std::string>& result_files) {
  std::vector<fs::path> found;
  std::error_code status;
  for (const auto& entry : fs::directory_iterator(folder, status)) {
    std::error_code ignored;
    if (entry.is_regular_file(ignored)
            ? is_our_file(entry.path(), result_files)
            : entry.is_directory(ignored) && is_our_piece_folder(entry.path()))
      found.push_back(entry.path());
  }
  std::sort(found.begin(), found.end());
  return found;
}

std::size_t remove_run_files(const fs::path& folder, const std::vector<std::string>& result_files) {
  std::size_t removed = 0;
  for (const auto& path : earlier_run_files(folder, result_files)) {
    std::error_code status;
    const auto count = fs::remove_all(path, status);
    if (status)
      throw Error("cannot remove the earlier run's '" + path.string() + "': " + status.message());
    removed += static_cast<std::size_t>(count);
  }
  return removed;
}

void prepare_output_folder(const OutputConfig& output, const std::vector<std::string>& result_files,
                           bool restarting, const RerunCommand& rerun, std::ostream& log) {
  const fs::path folder = output.dir;
  ensure_directory(folder);
  const auto stale = remove_stale_temporaries(folder);
  if (!stale.empty())
    log << "removed " << stale.size() << " temporary file" << (stale.size() > 1 ? "s" : "")
        << " left in " << folder.string() << " by processes that no longer run (e.g. "
        << stale.front().filename().string() << ")\n";
  if (restarting) return;

  const auto earlier = earlier_run_files(folder, result_files);
  if (earlier.empty()) return;
  if (!output.overwrite) {
    std::string examples;
    for (std::size_t k = 0; k < earlier.size() && k < 3; ++k)
      examples += (k ? ", " : "") + earlier[k].filename().string();
    if (earlier.size() > 3) examples += ", ...";
    const bool has_checkpoint =
        fs::exists(folder / "checkpoint.pfc") || fs::exists(folder / "checkpoint.rank0.pfc");
    // The first free sibling name: folder_2, folder_3, ...
    fs::path elsewhere;
    const std::string base = folder.lexically_normal().string();
    const std::string stem = base.back() == '/' ? base.substr(0, base.size() - 1) : base;
    for (int k = 2; elsewhere.empty() || fs::exists(elsewhere); ++k)
      elsewhere = stem + "_" + std::to_string(k);
    const std::string command = rerun.as_typed;
    throw InputError("output folder '" + folder.string() + "' holds another run's files (" +
                     std::to_string(earlier.size()) + ": " + examples +
                     "); a new run would mix its frames with them.\n  To replace them:     " +
                     command + " --overwrite\n  To keep them:        " + rerun.without_output_dir +
                     " --set output.dir=" + elsewhere.string() +
                     (has_checkpoint ? "\n  To continue that run: " + command + " --restart " +
                                           (folder / "checkpoint.pfc").string()
                                     : std::string()));
  }
  const std::size_t removed = remove_run_files(folder, result_files);
  log << "--overwrite: removed " << removed << " files of an earlier run from " << folder.string()
      << "\n";
}

}  // namespace portaflow::io
