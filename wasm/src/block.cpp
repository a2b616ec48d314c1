// One transformer block (see block.hpp). The wirings differ only inside the two sublayer functions below, by
// the three residual forms and the norms and gate their rules give; everything else is shared.
#include "block.hpp"

#include <cmath>
#include <initializer_list>

#include "profile.hpp"
#include "reduce.hpp"

namespace tk {

namespace {

// The rules of the papers (design/placements.md), as functions of the number of blocks L.
double one(int) { return 1.0; }
double zero(int) { return 0.0; }
int no_post_blocks(int) { return 0; }
// DeepNet: x ← LN(α·x + F(x)) with α = (2N)^¼; after init Wv, Wo, W1, W2 divided by β⁻¹ = (8N)^¼ (a fourth root
// as two square roots: correctly rounded on every platform, where pow may differ in the last bit)
double deepnorm_alpha(int L) { return std::sqrt(std::sqrt(2.0 * L)); }
double deepnorm_divisor(int L) { return std::sqrt(std::sqrt(8.0 * L)); }
// CaiT: λ's initial value by depth
double cait_lambda(int L) { return L <= 18 ? 0.1 : L <= 24 ? 1e-5 : 1e-6; }
// Mix-LN: the first quarter of the blocks as Post-LN
int quarter(int L) { return L / 4; }

}  // namespace

// clang-format off
const Wiring kWirings[kWiringCount] = {
  //  placement              name          residual          norm                 out    gate          final  α               divisor           gate init    post blocks
  {Placement::PostLN,     "post",       Residual::Post, NormKind::LayerNorm, false, Gate::None,   false, one,            one,              zero,        no_post_blocks},
  {Placement::PreLN,      "pre",        Residual::Pre,  NormKind::LayerNorm, false, Gate::None,   true,  one,            one,              zero,        no_post_blocks},
  {Placement::NoResidual, "nores",      Residual::None, NormKind::LayerNorm, false, Gate::None,   false, one,            one,              zero,        no_post_blocks},
  {Placement::PreRMSNorm, "prerms",     Residual::Pre,  NormKind::RMSNorm,   false, Gate::None,   true,  one,            one,              zero,        no_post_blocks},
  {Placement::PeriLN,     "peri",       Residual::Pre,  NormKind::LayerNorm, true,  Gate::None,   true,  one,            one,              zero,        no_post_blocks},
  {Placement::DeepNorm,   "deepnorm",   Residual::Post, NormKind::LayerNorm, false, Gate::None,   false, deepnorm_alpha, deepnorm_divisor, zero,        no_post_blocks},
  {Placement::ReZero,     "rezero",     Residual::Pre,  NormKind::None,      false, Gate::Scalar, false, one,            one,              zero,        no_post_blocks},
  {Placement::LayerScale, "layerscale", Residual::Pre,  NormKind::LayerNorm, false, Gate::Vector, true,  one,            one,              cait_lambda, no_post_blocks},
  {Placement::MixLN,      "mixln",      Residual::Pre,  NormKind::LayerNorm, false, Gate::None,   true,  one,            one,              zero,        quarter},
};
// clang-format on

const Wiring& wiring_of(Placement placement) {
  const Wiring& w = kWirings[static_cast<int>(placement)];
  if (w.placement != placement) throw std::logic_error("kWirings is not in Placement's order");
  return w;
}

const char* placement_name(Placement placement) { return wiring_of(placement).name; }

Placement placement_from_name(const std::string& name) {
  for (const Wiring& w : kWirings) {
    if (name == w.name) return w.placement;
  }
  std::string names;
  for (const Wiring& w : kWirings) names += std::string(names.empty() ? "" : ", ") + w.name;
  throw std::invalid_argument("placement must be one of " + names + " (got \"" + name + "\")");
}

BlockWiring block_wiring(Placement placement, int i, int L) {
  const Wiring& w = wiring_of(placement);
  if (i < w.post_blocks(L)) return BlockWiring{Residual::Post, w.norm, false, Gate::None, 1.0};
  return BlockWiring{w.residual, w.norm, w.output_norm, w.gate, w.residual_scale(L)};
}

void wiring_init(BlockParams& p, Placement placement, int i, int L, Eigen::Index d) {
  const BlockWiring w = block_wiring(placement, i, L);
  for (SublayerParams* s : {&p.sub1, &p.sub2}) {
    s->norm = norm_init(w.norm, d);
    s->norm_out = norm_init(w.output_norm ? w.norm : NormKind::None, d);
    s->gate = w.gate == Gate::Vector ? Vec::Constant(d, wiring_of(placement).gate_init(L)) : Vec();
  }
  p.rezero = w.gate == Gate::Scalar ? Vec::Constant(1, wiring_of(placement).gate_init(L)) : Vec();
}

namespace {

// One sublayer's forward: branch(u) is attention or FFN; r is the block's ReZero gate (empty for the others).
template <class Branch>
Mat sublayer_forward(const Mat& u, const BlockWiring& w, Branch&& branch, const SublayerParams& p, const Vec& r,
                     SublayerCache& cache) {
  switch (w.residual) {
    case Residual::Post: {  // N(α·u + F(u)): the norm sits on the residual stream
      Mat sum = branch(u);
      {
        TK_PROFILE_OP(Copies);
        if (w.alpha == 1) {
          sum += u;  // in the branch's own buffer (u + F(u) and F(u) + u round alike)
        } else {
          sum += w.alpha * u;
        }
      }
      return norm_forward(sum, p.norm, w.norm, cache.norm);
    }
    case Residual::Pre: {  // u + G ⊙ N_out(F(N(u))): the norms and the gate sit on the branch; u passes untouched
      Mat out = branch(w.norm == NormKind::None ? u : norm_forward(u, p.norm, w.norm, cache.norm));
      if (w.output_norm) out = norm_forward(out, p.norm_out, w.norm, cache.norm_out);
      TK_PROFILE_OP(Copies);
      if (w.gate != Gate::None) {
        cache.branch_out = out;
        if (w.gate == Gate::Scalar) {
          out *= r(0);
        } else {
          out.array().rowwise() *= p.gate.transpose().array();
        }
      }
      out += u;
      return out;
    }
    case Residual::None:  // N(F(u)): no path around the branch
      return norm_forward(branch(u), p.norm, w.norm, cache.norm);
  }
  throw std::logic_error("unknown residual form");
}

// The same sublayer backwards, into din: branch_backward(d_out_of_branch) returns d_in_of_branch (a reference
// into the branch's grads). A ReZero sublayer returns its share of ∂loss/∂r (0 for the others).
template <class BranchBackward>
double sublayer_backward(const Mat& dout, const BlockWiring& w, BranchBackward&& branch_backward,
                         const SublayerParams& p, const Vec& r, const SublayerCache& cache, SublayerGrads& grads,
                         Mat& din) {
  switch (w.residual) {
    case Residual::Post: {  // forward: out = N(α·u + F(u))
      const Mat& d_sum = norm_backward(dout, p.norm, w.norm, cache.norm, grads.norm);
      const Mat& d_branch = branch_backward(d_sum);
      TK_PROFILE_OP(Copies);
      // the residual path adds its gradient to the branch's
      if (w.alpha == 1) {
        din = d_sum + d_branch;
      } else {
        din = w.alpha * d_sum + d_branch;
      }
      return 0;
    }
    case Residual::Pre: {  // forward: out = u + G ⊙ o, o = N_out(F(N(u))); the residual path carries dout unchanged
      double d_r = 0;
      const Mat* d = &dout;
      if (w.gate == Gate::Scalar) {  // forward: G ⊙ o = r·o, so ∂loss/∂r = Σ dout ⊙ o and ∂loss/∂o = r·dout
        const double* a = dout.data();
        const double* o = cache.branch_out.data();
        for (Eigen::Index k = 0; k < dout.size(); ++k) d_r += a[k] * o[k];  // in index order, as every sum here
        grads.d_ungated = r(0) * dout;
        d = &grads.d_ungated;
      } else if (w.gate == Gate::Vector) {  // forward: λ ⊙ o per row, so dλ = Σ_rows dout ⊙ o and ∂loss/∂o = λ ⊙ dout
        column_sums(dout.rows(), dout.cols(), [&](Eigen::Index i, Eigen::Index j) { return dout(i, j) * cache.branch_out(i, j); },
                    grads.dgate);
        grads.d_ungated = dout.array().rowwise() * p.gate.transpose().array();
        d = &grads.d_ungated;
      }
      if (w.output_norm) d = &norm_backward(*d, p.norm_out, w.norm, cache.norm_out, grads.norm_out);
      const Mat& d_branch_in = branch_backward(*d);
      const Mat& d_u = w.norm == NormKind::None ? d_branch_in : norm_backward(d_branch_in, p.norm, w.norm, cache.norm, grads.norm);
      TK_PROFILE_OP(Copies);
      din = dout + d_u;
      return d_r;
    }
    case Residual::None:  // forward: out = N(F(u)); every gradient must cross the branch
      din = branch_backward(norm_backward(dout, p.norm, w.norm, cache.norm, grads.norm));
      return 0;
  }
  throw std::logic_error("unknown residual form");
}

}  // namespace

Mat block_forward(const Mat& x, const BlockParams& p, const BlockShape& shape, const BlockWiring& wiring,
                  BlockCache& cache) {
  const Mat h = sublayer_forward(
      x, wiring, [&](const Mat& u) { return attention_forward(u, p.attn, shape.attention, cache.attn); }, p.sub1,
      p.rezero, cache.sub1);
  return sublayer_forward(
      h, wiring, [&](const Mat& u) { return ffn_forward(u, p.ffn, shape.activation, cache.ffn); }, p.sub2, p.rezero,
      cache.sub2);
}

void block_backward(const Mat& dy, const BlockParams& p, const BlockShape& shape, const BlockWiring& wiring,
                    const BlockCache& cache, BlockGrads& grads) {
  const double d_r2 = sublayer_backward(
      dy, wiring,
      [&](const Mat& d) -> const Mat& {
        ffn_backward(d, p.ffn, shape.activation, cache.ffn, grads.ffn);
        return grads.ffn.dx;
      },
      p.sub2, p.rezero, cache.sub2, grads.sub2, grads.d_mid);
  const double d_r1 = sublayer_backward(
      grads.d_mid, wiring,
      [&](const Mat& d) -> const Mat& {
        attention_backward(d, p.attn, shape.attention, cache.attn, grads.attn);
        return grads.attn.dx;
      },
      p.sub1, p.rezero, cache.sub1, grads.sub1, grads.dx);
  // r serves both sublayers: its gradient is the sum of theirs
  if (wiring.gate == Gate::Scalar) grads.drezero = Vec::Constant(1, d_r2 + d_r1);
}

namespace {


}  // namespace

BlockGradSquares grad_squares(const double (&t)[kBlockTensors]) {
  BlockGradSquares s;
  for (int k = 0; k < 12; k += 2) s.weights += t[k];  // the six weights, then their biases, in the walk's order
  for (int k = 1; k < 12; k += 2) s.biases += t[k];
  // each norm's tensors summed first (γ² + β², then g²: the empty ones add an exact 0), then the gates
  for (int k = 12; k < 24; k += 3) s.norms_and_gates += (t[k] + t[k + 1]) + t[k + 2];
  for (int k = 24; k < kBlockTensors; ++k) s.norms_and_gates += t[k];
  return s;
}

BlockGradSquares grad_squares(const BlockGrads& g) {
  TK_PROFILE_OP(Norms);
  double t[kBlockTensors];
  double w[6];
  squared_norms({&g.attn.q.dW, &g.attn.k.dW, &g.attn.v.dW, &g.attn.o.dW, &g.ffn.up.dW, &g.ffn.down.dW}, w);
  const LinearGrads* linears[6] = {&g.attn.q, &g.attn.k, &g.attn.v, &g.attn.o, &g.ffn.up, &g.ffn.down};
  for (int l = 0; l < 6; ++l) {
    t[2 * l] = w[l];
    t[2 * l + 1] = squared_sum(linears[l]->db.data(), linears[l]->db.size());
  }
  const Vec* rest[kBlockTensors - 12] = {
      &g.sub1.norm.ln.dgamma,     &g.sub1.norm.ln.dbeta,     &g.sub1.norm.rms.dgain,
      &g.sub2.norm.ln.dgamma,     &g.sub2.norm.ln.dbeta,     &g.sub2.norm.rms.dgain,
      &g.sub1.norm_out.ln.dgamma, &g.sub1.norm_out.ln.dbeta, &g.sub1.norm_out.rms.dgain,
      &g.sub2.norm_out.ln.dgamma, &g.sub2.norm_out.ln.dbeta, &g.sub2.norm_out.rms.dgain,
      &g.sub1.dgate,              &g.sub2.dgate,             &g.drezero};
  for (int k = 0; k < kBlockTensors - 12; ++k) t[12 + k] = squared_sum(rest[k]->data(), rest[k]->size());
  return grad_squares(t);
}

}  // namespace tk
