// A host vector copied into a new device View (setup only: tables built on the host once).
#pragma once

#include <string>
#include <vector>

#include "portaflow/core/types.hpp"

namespace portaflow {

template <class T>
DeviceView<T*> copy_to_device(const std::string& label, const std::vector<T>& host) {
  DeviceView<T*> view(label, host.size());
  Kokkos::deep_copy(view, Kokkos::View<const T*, Kokkos::HostSpace>(host.data(), host.size()));
  return view;
}

}  // namespace portaflow
