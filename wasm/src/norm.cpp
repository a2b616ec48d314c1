// The norm a wiring places (see norm.hpp).
#include "norm.hpp"

#include <stdexcept>

namespace tk {

NormParams norm_init(NormKind kind, Eigen::Index d) {
  NormParams p;
  if (kind == NormKind::LayerNorm) p.ln = layernorm_init(d);
  if (kind == NormKind::RMSNorm) p.rms = rmsnorm_init(d);
  return p;
}

Mat norm_forward(const Mat& x, const NormParams& p, NormKind kind, NormCache& cache) {
  switch (kind) {
    case NormKind::LayerNorm: return layernorm_forward(x, p.ln, kLayerNormEps, cache.ln);
    case NormKind::RMSNorm: return rmsnorm_forward(x, p.rms, kRMSNormEps, cache.rms);
    case NormKind::None: break;
  }
  throw std::logic_error("norm_forward: this wiring has no norm");
}

const Mat& norm_backward(const Mat& dy, const NormParams& p, NormKind kind, const NormCache& cache, NormGrads& grads) {
  switch (kind) {
    case NormKind::LayerNorm:
      layernorm_backward(dy, p.ln, cache.ln, grads.ln);
      return grads.ln.dx;
    case NormKind::RMSNorm:
      rmsnorm_backward(dy, p.rms, cache.rms, grads.rms);
      return grads.rms.dx;
    case NormKind::None: break;
  }
  throw std::logic_error("norm_backward: this wiring has no norm");
}

}  // namespace tk
