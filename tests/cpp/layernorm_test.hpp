// What the LayerNorm suites share (test_layernorm.cpp, test_layernorm_range.cpp): the kernels with γ and β as
// vectors and the backward's grads returned, shorter to read in the tests.
#pragma once

#include "layernorm.hpp"

namespace tk::layernorm_test {

inline Mat forward(const Mat& x, const Vec& gamma, const Vec& beta, double eps, LayerNormCache& cache) {
  return layernorm_forward(x, LayerNormParams{gamma, beta}, eps, cache);
}

inline LayerNormGrads backward(const Mat& dy, const Vec& gamma, const LayerNormCache& cache) {
  LayerNormGrads grads;
  layernorm_backward(dy, LayerNormParams{gamma, Vec::Zero(gamma.size())}, cache, grads);
  return grads;
}

}  // namespace tk::layernorm_test
