// A kernel's backward against central finite differences, tensor by tensor: the test walks the parameters with
// the kernel's own for_each_param (the order and the pairing of value and gradient are the kernel's), so a
// gradient that is wrong is named by its tensor, and a tensor added to a kernel is checked without a new line.
#pragma once

#include <algorithm>
#include <cmath>
#include <string>

#include "check.hpp"

namespace tk::test {

// loss(): the scalar the gradients are of, computed from `params` as they stand (the walk moves one entry at a
// time and puts it back).
template <class Params, class Grads, class Loss>
void expect_param_gradients(Params& params, const Grads& grads, Loss&& loss, double rtol, double atol) {
  int k = 0;
  for_each_param(params, grads, [&](auto& value, const auto& grad) {
    const std::string tensor = "tensor " + std::to_string(k++) + " in for_each_param's order";
    ASSERT_EQ(value.size(), grad.size()) << tensor;
    if (value.size() == 0) return;  // a part the wiring lacks
    Vec numeric(value.size());
    for (Eigen::Index i = 0; i < value.size(); ++i) {
      const double keep = value.data()[i];
      const double h = 1e-6 * std::max(1.0, std::abs(keep));
      value.data()[i] = keep + h;
      const double up = loss();
      value.data()[i] = keep - h;
      const double down = loss();
      value.data()[i] = keep;
      numeric(i) = (up - down) / (2 * h);
    }
    const Vec analytic = Eigen::Map<const Vec>(grad.data(), grad.size());
    EXPECT_TRUE(all_close(analytic, numeric, rtol, atol)) << tensor;
  });
}

// How many tensors for_each_param walks (a part a wiring lacks included, empty).
template <class Params, class Grads>
int tensor_count(Params& params, const Grads& grads) {
  int k = 0;
  for_each_param(params, grads, [&](auto&, const auto&) { ++k; });
  return k;
}

}  // namespace tk::test
