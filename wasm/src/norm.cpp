// The norm a wiring places (see norm.hpp).
#include "norm.hpp"

#include <stdexcept>

namespace tk {

const char* norm_key(NormKind kind) { return kind == NormKind::RMSNorm ? "rms" : "ln"; }

NormKind norm_from_key(const std::string& key) {
  if (key == "ln") return NormKind::LayerNorm;
  if (key == "rms") return NormKind::RMSNorm;
  throw std::invalid_argument("the norm must be \"ln\" (LayerNorm) or \"rms\" (RMSNorm), got \"" + key + "\"");
}

double norm_default_eps(NormKind kind) { return kind == NormKind::RMSNorm ? kRMSNormEps : kLayerNormEps; }

NormRowSteps norm_steps(NormKind kind, const Vec& x, const Vec& gain, const Vec& beta, double eps) {
  NormRowSteps s{kind, {}, {}};
  if (kind == NormKind::RMSNorm) {
    require(beta.size() == 0, "RMSNorm has no β: it subtracts nothing and adds nothing");
    s.rms = rmsnorm_steps(x, gain, eps);
  } else {
    s.ln = layernorm_steps(x, gain, beta, eps);
  }
  return s;
}

NormRowJacobian norm_jacobian(NormKind kind, const Vec& x, const Vec& gain, double eps) {
  NormRowJacobian j{kind, {}, {}};
  if (kind == NormKind::RMSNorm) {
    j.rms = rmsnorm_jacobian(x, gain, eps);
  } else {
    j.ln = layernorm_jacobian(x, gain, eps);
  }
  return j;
}

NormParams norm_init(NormKind kind, Eigen::Index d) {
  NormParams p;
  if (kind == NormKind::LayerNorm) p.ln = layernorm_init(d);
  if (kind == NormKind::RMSNorm) p.rms = rmsnorm_init(d);
  return p;
}

Mat norm_forward(const Mat& x, const NormParams& p, NormKind kind, NormCache& cache) {
  switch (kind) {
    case NormKind::LayerNorm:
      return layernorm_forward(x, p.ln, kLayerNormEps, cache.ln);
    case NormKind::RMSNorm:
      return rmsnorm_forward(x, p.rms, kRMSNormEps, cache.rms);
    case NormKind::None:
      break;
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
    case NormKind::None:
      break;
  }
  throw std::logic_error("norm_backward: this wiring has no norm");
}

}  // namespace tk
