// The output folder at the start of a run. A run into a folder that holds another run's files would
// leave that run's numbered frames beside the new ones, and ParaView's file-series grouping would
// mix them: such a run is refused unless output.overwrite (or the command's --overwrite) is set,
// and then those files are removed first. Temporaries left by processes that no longer exist are
// removed in every case.
#pragma once

#include <filesystem>
#include <iosfwd>
#include <string>
#include <vector>

#include "portaflow/config/run_config.hpp"

namespace portaflow::io {

// The files a PortaFlow run writes, found in `folder`: resolved.yaml, history.csv,
// checkpoint.pfc, final.*, *.pvd, <name>_<digits>.vt? frames, the piece folders of multi-block
// frames, and the schemes' result files (`result_files`: every scheme's, from its descriptor).
// Anything else is not ours and is left alone.
std::vector<std::filesystem::path> earlier_run_files(const std::filesystem::path& folder,
                                                     const std::vector<std::string>& result_files);

// Creates output.dir, removes stale temporaries, and for a new run (not a restart, which
// continues the run whose files are there) refuses or clears another run's files as above.
// Throws InputError naming the folder, a few of the files and the ways on, each as the command to
// type: the run's own command line with --overwrite or --restart, or (without its output.dir)
// with another output.dir. Says on `log` what it removed.
struct RerunCommand {
  std::string as_typed;            // "portaflow run deck.yaml --set ..."
  std::string without_output_dir;  // the same less any --set output.dir=...
};
void prepare_output_folder(const OutputConfig& output, const std::vector<std::string>& result_files,
                           bool restarting, const RerunCommand& rerun, std::ostream& log);

// Removes every file earlier_run_files finds in `folder`; returns how many files went. Throws
// Error naming a file that cannot be removed.
std::size_t remove_run_files(const std::filesystem::path& folder,
                             const std::vector<std::string>& result_files);

}  // namespace portaflow::io
