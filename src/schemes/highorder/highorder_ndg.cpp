// scheme: ndg at every compiled degree (degree_solver.hpp).
#include "degree_solver.hpp"
#include "portaflow/schemes/highorder/highorder_config.hpp"

namespace portaflow::highorder {

std::unique_ptr<HighOrderSolver> make_ndg_solver(const RunConfig& config) {
  return make_degree_solver<HighOrderMethod::kNdg>(config);
}

}  // namespace portaflow::highorder
