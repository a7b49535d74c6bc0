// scheme: dg at every compiled degree (degree_solver.hpp).
#include "degree_solver.hpp"
#include "portaflow/schemes/highorder/highorder_config.hpp"

namespace portaflow::highorder {

std::unique_ptr<HighOrderSolver> make_dg_solver(const RunConfig& config) {
  return make_degree_solver<HighOrderMethod::kDg>(config);
}

}  // namespace portaflow::highorder
