// The one list of scheme families. A family registers here with one line (and its include);
// everything else about its schemes lives in its folder (docs/architecture.md, "Adding a
// scheme").
#include "portaflow/schemes/cese/cese_scheme.hpp"
#include "portaflow/schemes/exact_riemann/exact_riemann_scheme.hpp"
#include "portaflow/schemes/fv/fv_scheme.hpp"
#include "portaflow/schemes/highorder/highorder_scheme.hpp"
#include "portaflow/schemes/incompressible/incompressible_scheme.hpp"
#include "portaflow/schemes/multiblock/multiblock_scheme.hpp"
#include "portaflow/schemes/scheme_registry.hpp"

namespace portaflow {

const std::vector<const SchemeDescriptor*>& scheme_list() {
  static const std::vector<const SchemeDescriptor*> list = [] {
    std::vector<const SchemeDescriptor*> all;
    for (const std::vector<SchemeDescriptor>* family : {
             &exact_riemann::schemes(),
             &cese::schemes(),
             &fv::schemes(),
             &multiblock::schemes(),
             &highorder::schemes(),
             &incompressible::schemes(),
         })
      for (const SchemeDescriptor& scheme : *family) all.push_back(&scheme);
    return all;
  }();
  return list;
}

}  // namespace portaflow
