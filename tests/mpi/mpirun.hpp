// Starting the portaflow binary under mpirun for the runs-over-ranks suites (tests/mpi/): root
// may run it (CI containers), the ranks share the machine's cores (--oversubscribe), one OpenMP
// thread per rank, and a run that hangs is ended after two minutes.
#pragma once

#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include "io/temporary_folder.hpp"

namespace portaflow::mpi_test {

inline std::string deck(const std::string& name) {
  return std::string(PORTAFLOW_SOURCE_DIR) + "/inputs/" + name;
}

// "mpirun -np N portaflow ARGS", its output in `log`.
inline std::string mpirun_command(int ranks, const std::string& arguments,
                                  const std::filesystem::path& log) {
  return std::string(
             "OMP_NUM_THREADS=1 OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 ") +
         "timeout 120 " + PORTAFLOW_MPIEXEC + " --oversubscribe -np " + std::to_string(ranks) +
         " " + PORTAFLOW_BINARY + " " + arguments + " > " + log.string() + " 2>&1";
}

struct Result {
  int exit_code;
  std::string output;
};

inline Result run_ranks(int ranks, const std::string& arguments,
                        const io::test_support::TemporaryFolder& folder) {
  const std::filesystem::path log = folder / ("ranks" + std::to_string(ranks) + ".log");
  const int status = std::system(mpirun_command(ranks, arguments, log).c_str());
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, io::test_support::read_file(log)};
}

}  // namespace portaflow::mpi_test
