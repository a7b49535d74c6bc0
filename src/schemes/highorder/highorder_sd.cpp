// scheme: sd at every compiled degree (degree_solver.hpp).
#include "degree_solver.hpp"
#include "portaflow/schemes/highorder/highorder_config.hpp"

namespace portaflow::highorder {

std::unique_ptr<HighOrderSolver> make_sd_solver(const RunConfig& config) {
  return make_degree_solver<HighOrderMethod::kSd>(config);
}

}  // namespace portaflow::highorder
