// par_for / par_reduce against plain host loops (Parthenon's pattern): every index of a
// half-open range visited exactly once, none outside it, and reductions equal to the serial sum.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "portaflow/core/error.hpp"
#include "portaflow/core/parallel.hpp"

namespace portaflow {
namespace {

TEST(ParFor, Range1DVisitsEachIndexOnceWithHalfOpenBounds) {
  const Index n = 1000;
  Kokkos::View<int*, Layout, MemSpace> hits("hits", n);
  par_for(
      "test.range1d", IndexRange{3, n - 5}, KOKKOS_LAMBDA(Index i) { hits(i) += 1; });
  auto host = Kokkos::create_mirror_view_and_copy(HostSpace(), hits);
  for (Index i = 0; i < n; ++i) EXPECT_EQ(host(i), (i >= 3 && i < n - 5) ? 1 : 0) << "i = " << i;
}

TEST(ParFor, Box2DMatchesHostLoop) {
  const Index nj = 37, ni = 53;
  Kokkos::View<double**, Layout, MemSpace> a("a", nj, ni);
  const IndexBox2D box{{2, nj - 1}, {1, ni - 3}};
  par_for(
      "test.box2d", box, KOKKOS_LAMBDA(Index j, Index i) { a(j, i) = 1000.0 * j + i; });
  auto host = Kokkos::create_mirror_view_and_copy(HostSpace(), a);
  for (Index j = 0; j < nj; ++j)
    for (Index i = 0; i < ni; ++i) {
      const bool inside = j >= 2 && j < nj - 1 && i >= 1 && i < ni - 3;
      EXPECT_EQ(host(j, i), inside ? 1000.0 * j + i : 0.0) << j << "," << i;
    }
}

TEST(ParFor, Box3DMatchesHostLoop) {
  const Index nk = 5, nj = 7, ni = 9;
  Kokkos::View<int***, Layout, MemSpace> a("a", nk, nj, ni);
  par_for(
      "test.box3d", IndexBox3D{{1, nk}, {0, nj}, {2, ni}},
      KOKKOS_LAMBDA(Index k, Index j, Index i) { a(k, j, i) = 100 * k + 10 * j + i; });
  auto host = Kokkos::create_mirror_view_and_copy(HostSpace(), a);
  for (Index k = 0; k < nk; ++k)
    for (Index j = 0; j < nj; ++j)
      for (Index i = 0; i < ni; ++i)
        EXPECT_EQ(host(k, j, i), (k >= 1 && i >= 2) ? 100 * k + 10 * j + i : 0);
}

TEST(ParFor, EmptyRangesRunNothing) {
  Kokkos::View<int*, Layout, MemSpace> hits("hits", 4);
  par_for(
      "test.empty", IndexRange{2, 2}, KOKKOS_LAMBDA(Index i) { hits(i) = 1; });
  par_for(
      "test.inverted", IndexRange{3, 1}, KOKKOS_LAMBDA(Index i) { hits(i) = 1; });
  par_for(
      "test.empty2d", IndexBox2D{{0, 0}, {0, 4}}, KOKKOS_LAMBDA(Index, Index i) { hits(i) = 1; });
  auto host = Kokkos::create_mirror_view_and_copy(HostSpace(), hits);
  for (int i = 0; i < 4; ++i) EXPECT_EQ(host(i), 0);
}

TEST(ParReduce, SumAndMaxMatchHostLoop) {
  const Index n = 12345;
  // Integers summed in double are exact below 2^53, so the parallel sum must match exactly.
  const double sum = par_sum<double>(
      "test.sum", IndexRange{10, n}, KOKKOS_LAMBDA(Index i, double& acc) { acc += i % 97; });
  double expected = 0;
  for (Index i = 10; i < n; ++i) expected += i % 97;
  EXPECT_EQ(sum, expected);

  const double max = par_max<double>(
      "test.max", IndexRange{0, n},
      KOKKOS_LAMBDA(Index i, double& acc) { acc = math::fmax(acc, double((i * 7919) % 10007)); });
  double expected_max = 0;
  for (Index i = 0; i < n; ++i) expected_max = std::max<double>(expected_max, (i * 7919) % 10007);
  EXPECT_EQ(max, expected_max);
}

TEST(ParReduce, Box2DSumMatchesHostLoop) {
  const IndexBox2D box{{1, 40}, {3, 71}};
  const double sum = par_sum<double>(
      "test.sum2d", box, KOKKOS_LAMBDA(Index j, Index i, double& acc) { acc += j * i; });
  double expected = 0;
  for (Index j = 1; j < 40; ++j)
    for (Index i = 3; i < 71; ++i) expected += j * i;
  EXPECT_EQ(sum, expected);
}

TEST(ParReduce, EmptyRangeGivesTheIdentity) {
  const double sum = par_sum<double>(
      "test.sum_empty", IndexRange{5, 5}, KOKKOS_LAMBDA(Index, double& acc) { acc += 1; });
  EXPECT_EQ(sum, 0.0);
}

// Host loops visit every index once, and an exception thrown inside one is passed on after the
// loop: the one of the lowest index, as a serial loop would throw it.
TEST(HostParFor, VisitsEachIndexAndRethrowsTheFirstError) {
  std::vector<int> visits(1000, 0);
  host_par_for("test.host_loop", IndexRange{0, 1000}, [&](Index i) { visits[i] += 1; });
  for (int v : visits) EXPECT_EQ(v, 1);
  try {
    host_par_for("test.host_errors", IndexRange{0, 1000}, [&](Index i) {
      if (i % 100 == 37) throw Error("index " + std::to_string(i));
    });
    FAIL() << "host_par_for swallowed the exceptions";
  } catch (const Error& e) {
    EXPECT_EQ(std::string(e.what()), "index 37");
  }
}

}  // namespace
}  // namespace portaflow
