// The output folder at the start of a run. A run into a folder that holds another run's files would
// leave that run's numbered frames beside the new ones, and ParaView's file-series grouping would
// mix them: such a run is refused unless output.overwrite (or the command's --overwrite) is set,
// and then those files are removed first. Temporaries left by processes that no longer exist are
// removed in every case.
#pragma once

#include <filesystem>
#include <iosfwd>
#include <vector>

#include "portaflow/schemes/run_config.hpp"

namespace portaflow::io {

// The files a PortaFlow run writes, found in `folder`: resolved.yaml, history.csv,
// checkpoint.pfc, final.*, surface_cp.csv, forces.csv, the incompressible solver's grid.xyz,
// surface.csv and comparison tables, *.pvd, <name>_<digits>.vt? frames and
// the piece folders of multi-block frames. Anything else is not ours and is left alone.
std::vector<std::filesystem::path> earlier_run_files(const std::filesystem::path& folder);

// Creates output.dir, removes stale temporaries, and for a new run (not a restart, which
// continues the run whose files are there) refuses or clears another run's files as above.
// Throws InputError naming the folder, a few of the files and the three ways on. Says on `log`
// what it removed.
void prepare_output_folder(const OutputConfig& output, bool restarting, std::ostream& log);

}  // namespace portaflow::io
