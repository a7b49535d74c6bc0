// scheme: cpr at every compiled degree (degree_solver.hpp).
#include "degree_solver.hpp"
#include "portaflow/schemes/highorder/highorder_config.hpp"

namespace portaflow::highorder {

std::unique_ptr<HighOrderSolver> make_cpr_solver(const RunConfig& config) {
  return make_degree_solver<HighOrderMethod::kCpr>(config);
}

}  // namespace portaflow::highorder
