// PORTAFLOW_REQUIRE: a check usable inside KOKKOS_LAMBDA bodies and KOKKOS_INLINE_FUNCTIONs as
// well as on the host; it aborts (the kernel) with its label and location.
#pragma once

#include <Kokkos_Core.hpp>

#define PORTAFLOW_STRINGIFY_DETAIL(x) #x
#define PORTAFLOW_STRINGIFY(x) PORTAFLOW_STRINGIFY_DETAIL(x)

// The message must be a string literal so that no allocation happens on a device.
#define PORTAFLOW_REQUIRE(condition, message)                                             \
  do {                                                                                    \
    if (!(condition)) {                                                                   \
      Kokkos::abort("PortaFlow REQUIRE failed: " message " [" #condition "] at " __FILE__ \
                    ":" PORTAFLOW_STRINGIFY(__LINE__));                                   \
    }                                                                                     \
  } while (false)
