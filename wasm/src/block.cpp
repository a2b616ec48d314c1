// One transformer block (see block.hpp). The three placements differ only inside the two sublayer
// functions below; everything else is shared.
#include "block.hpp"

#include <initializer_list>

#include "profile.hpp"

namespace tk {

namespace {

// One sublayer's forward: branch(u) is attention or FFN; ln is that sublayer's LayerNorm.
template <class Branch>
Mat sublayer_forward(const Mat& u, Placement placement, Branch&& branch, const LayerNormParams& ln, double eps,
                     LayerNormCache& ln_cache) {
  switch (placement) {
    case Placement::PostLN: {  // LN(u + F(u)): the norm sits on the residual stream
      Mat sum = branch(u);
      {
        TK_PROFILE_OP(Copies);
        sum += u;  // in the branch's own buffer (u + F(u) and F(u) + u round alike)
      }
      return layernorm_forward(sum, ln, eps, ln_cache);
    }
    case Placement::PreLN: {  // u + F(LN(u)): the norm sits on the branch; u passes untouched
      Mat out = branch(layernorm_forward(u, ln, eps, ln_cache));
      TK_PROFILE_OP(Copies);
      out += u;
      return out;
    }
    case Placement::NoResidual:  // LN(F(u)): no path around the branch
      return layernorm_forward(branch(u), ln, eps, ln_cache);
  }
  throw std::logic_error("unknown placement");
}

// The same sublayer backwards, into din: branch_backward(d_out_of_branch) returns d_in_of_branch (a reference
// into the branch's grads).
template <class BranchBackward>
void sublayer_backward(const Mat& dout, Placement placement, BranchBackward&& branch_backward,
                       const LayerNormParams& ln, const LayerNormCache& ln_cache, LayerNormGrads& ln_grads, Mat& din) {
  switch (placement) {
    case Placement::PostLN: {  // forward: out = LN(u + F(u))
      layernorm_backward(dout, ln, ln_cache, ln_grads);
      const Mat& d_branch = branch_backward(ln_grads.dx);
      TK_PROFILE_OP(Copies);
      din = ln_grads.dx + d_branch;  // the residual path adds its gradient to the branch's
      return;
    }
    case Placement::PreLN: {  // forward: out = u + F(LN(u)); the residual path carries dout through unchanged
      layernorm_backward(branch_backward(dout), ln, ln_cache, ln_grads);
      TK_PROFILE_OP(Copies);
      din = dout + ln_grads.dx;
      return;
    }
    case Placement::NoResidual:  // forward: out = LN(F(u)); every gradient must cross the branch
      layernorm_backward(dout, ln, ln_cache, ln_grads);
      din = branch_backward(ln_grads.dx);
      return;
  }
  throw std::logic_error("unknown placement");
}

}  // namespace

const char* placement_name(Placement placement) {
  switch (placement) {
    case Placement::PostLN: return "post";
    case Placement::PreLN: return "pre";
    case Placement::NoResidual: return "nores";
  }
  throw std::logic_error("unknown placement");
}

Placement placement_from_name(const std::string& name) {
  for (Placement p : {Placement::PostLN, Placement::PreLN, Placement::NoResidual}) {
    if (name == placement_name(p)) return p;
  }
  throw std::invalid_argument("placement must be post, pre or nores (got \"" + name + "\")");
}

Mat block_forward(const Mat& x, const BlockParams& p, const BlockShape& shape, Placement placement, BlockCache& cache) {
  const Mat h = sublayer_forward(
      x, placement, [&](const Mat& u) { return attention_forward(u, p.attn, shape.attention, cache.attn); }, p.ln1,
      shape.ln_eps, cache.ln1);
  return sublayer_forward(
      h, placement, [&](const Mat& u) { return ffn_forward(u, p.ffn, shape.activation, cache.ffn); }, p.ln2,
      shape.ln_eps, cache.ln2);
}

void block_backward(const Mat& dy, const BlockParams& p, const BlockShape& shape, Placement placement,
                    const BlockCache& cache, BlockGrads& grads) {
  sublayer_backward(
      dy, placement,
      [&](const Mat& d) -> const Mat& {
        ffn_backward(d, p.ffn, shape.activation, cache.ffn, grads.ffn);
        return grads.ffn.dx;
      },
      p.ln2, cache.ln2, grads.ln2, grads.d_mid);
  sublayer_backward(
      grads.d_mid, placement,
      [&](const Mat& d) -> const Mat& {
        attention_backward(d, p.attn, shape.attention, cache.attn, grads.attn);
        return grads.attn.dx;
      },
      p.ln1, cache.ln1, grads.ln1, grads.dx);
}

namespace {

// The squared norms of several matrices, each summed in squared_sum's order (so the values are the same bits),
// side by side while they have the same size: independent chains of additions that the processor overlaps,
// where one chain alone waits on every addition.
void squared_norms(std::initializer_list<const Mat*> mats, double* out) {
  const Mat* const* m = mats.begin();
  std::size_t k = 0;
  for (; k + 2 <= mats.size() && m[k]->size() == m[k + 1]->size() && m[k]->size() > 0; k += 2) {
    const double* a = m[k]->data();
    const double* b = m[k + 1]->data();
    double sa = a[0] * a[0], sb = b[0] * b[0];
    for (Eigen::Index i = 1; i < m[k]->size(); ++i) {
      sa += a[i] * a[i];
      sb += b[i] * b[i];
    }
    out[k] = sa, out[k + 1] = sb;
  }
  for (; k < mats.size(); ++k) out[k] = squared_sum(m[k]->data(), m[k]->size());
}

}  // namespace

double squared_sum(const double* v, Eigen::Index n) {
  double sum = 0;
  for (Eigen::Index i = 0; i < n; ++i) sum += v[i] * v[i];
  return sum;
}

BlockGradSquares grad_squares(const double (&t)[kBlockTensors]) {
  BlockGradSquares s;
  for (int k = 0; k < 12; k += 2) s.weights += t[k];  // the six weights, then their biases, in the walk's order
  for (int k = 1; k < 12; k += 2) s.biases += t[k];
  s.layernorm += t[12] + t[13];
  s.layernorm += t[14] + t[15];
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
  const Vec* norms[4] = {&g.ln1.dgamma, &g.ln1.dbeta, &g.ln2.dgamma, &g.ln2.dbeta};
  for (int k = 0; k < 4; ++k) t[12 + k] = squared_sum(norms[k]->data(), norms[k]->size());
  return grad_squares(t);
}

}  // namespace tk
