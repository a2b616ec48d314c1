// One transformer block (see block.hpp): the wiring's description enters only the two sublayer functions below;
// everything else is shared.
#include "block.hpp"

#include <cmath>
#include <initializer_list>

#include "profile.hpp"
#include "reduce.hpp"

namespace tk {

void wiring_init(BlockParams& p, const BlockWiring& w, Eigen::Index d) {
  const auto at = [&](bool place) { return norm_init(place ? w.norm : NormKind::None, d); };
  for (SublayerParams* s : {&p.sub1, &p.sub2}) {
    s->norm_in = at(w.in);
    s->norm_out = at(w.out);
    s->norm_after = at(w.after);
    s->gate = w.gate == GateKind::Channel    ? Vec::Constant(d, w.gate0)
              : w.gate == GateKind::Sublayer ? Vec::Constant(1, w.gate0)
                                             : Vec();
  }
  p.block_gate = w.gate == GateKind::Block ? Vec::Constant(1, w.gate0) : Vec();
}

namespace {

// The gate that multiplies a sublayer's branch: its own, the block's, or none (nullptr).
const Vec* gate_of(const BlockWiring& w, const SublayerParams& p, const Vec& block_gate) {
  return w.gate == GateKind::None ? nullptr : w.gate == GateKind::Block ? &block_gate : &p.gate;
}

// One sublayer's forward: branch(u) is attention or the FFN.
//   u = scale_in · N_in(x);   v = g · scale_out · N_out(F(u));   s = α·x + v (or v);   out = N_after(s)
template <class Branch>
Mat sublayer_forward(const Mat& x, const BlockWiring& w, Branch&& branch, const SublayerParams& p,
                     const Vec& block_gate, SublayerCache& cache) {
  Mat out;
  if (w.scale_in != 1) {
    Mat u = w.in ? norm_forward(x, p.norm_in, w.norm, cache.norm_in) : x;
    {
      TK_PROFILE_OP(Copies);
      u *= w.scale_in;
    }
    out = branch(u);
  } else {
    out = branch(w.in ? norm_forward(x, p.norm_in, w.norm, cache.norm_in) : x);
  }
  if (w.out) out = norm_forward(out, p.norm_out, w.norm, cache.norm_out);
  {
    TK_PROFILE_OP(Copies);
    if (w.scale_out != 1) out *= w.scale_out;
    if (const Vec* g = gate_of(w, p, block_gate)) {
      cache.branch_out = out;
      if (w.gate == GateKind::Channel) {
        out.array().rowwise() *= g->transpose().array();
      } else {
        out *= (*g)(0);
      }
    }
    if (w.residual) {
      if (w.alpha == 1) {
        out += x;  // in the branch's own buffer (x + v and v + x round alike)
      } else {
        out += w.alpha * x;
      }
    }
  }
  return w.after ? norm_forward(out, p.norm_after, w.norm, cache.norm_after) : out;
}

// A place without a norm, or a gate the wiring does not have, has no gradient: cleared, so that a gradient buffer
// shared by blocks of different wirings (Mix-LN's, or the stack's one buffer for every block) never reports another
// block's.
void clear(NormGrads& g) {
  g.ln.dgamma.resize(0);
  g.ln.dbeta.resize(0);
  g.rms.dgain.resize(0);
}

// The same sublayer backwards, into din: branch_backward(d_out_of_branch) returns d_in_of_branch (a reference
// into the branch's grads). Returns the sublayer's share of a block gate's gradient (0 without one); a sublayer
// or channel gate's gradient goes to grads.dgate.
template <class BranchBackward>
double sublayer_backward(const Mat& dout, const BlockWiring& w, BranchBackward&& branch_backward,
                         const SublayerParams& p, const Vec& block_gate, const SublayerCache& cache,
                         SublayerGrads& grads, Mat& din) {
  if (!w.in) clear(grads.norm_in);
  if (!w.out) clear(grads.norm_out);
  if (!w.after) clear(grads.norm_after);
  if (w.gate != GateKind::Sublayer && w.gate != GateKind::Channel) grads.dgate.resize(0);
  // forward: out = N_after(s), so ∂loss/∂s is N_after's backward of dout
  const Mat& ds = w.after ? norm_backward(dout, p.norm_after, w.norm, cache.norm_after, grads.norm_after) : dout;
  const Mat* d = &ds;  // ∂loss/∂v = ∂loss/∂s: the sum passes its gradient to the branch unchanged
  double d_gate_scalar = 0;
  if (const Vec* g = gate_of(w, p, block_gate)) {
    TK_PROFILE_OP(Copies);
    if (w.gate == GateKind::Channel) {  // forward: g ⊙ o per row, so dg = Σ_rows ds ⊙ o and ∂loss/∂o = g ⊙ ds
      column_sums(
          ds.rows(), ds.cols(), [&](Eigen::Index i, Eigen::Index j) { return ds(i, j) * cache.branch_out(i, j); },
          grads.dgate);
      grads.d_ungated = ds.array().rowwise() * g->transpose().array();
    } else {  // forward: g·o, so ∂loss/∂g = Σ ds ⊙ o and ∂loss/∂o = g·ds
      const double* a = ds.data();
      const double* o = cache.branch_out.data();
      for (Eigen::Index k = 0; k < ds.size(); ++k) d_gate_scalar += a[k] * o[k];  // in index order, as every sum here
      grads.d_ungated = (*g)(0) * ds;
      if (w.gate == GateKind::Sublayer) grads.dgate = Vec::Constant(1, d_gate_scalar);
    }
    d = &grads.d_ungated;
  }
  if (w.scale_out != 1) {  // forward: scale_out · N_out(F(u))
    TK_PROFILE_OP(Copies);
    grads.d_scaled = w.scale_out * *d;
    d = &grads.d_scaled;
  }
  if (w.out) d = &norm_backward(*d, p.norm_out, w.norm, cache.norm_out, grads.norm_out);
  const Mat* du = &branch_backward(*d);
  if (w.scale_in != 1) {  // forward: u = scale_in · N_in(x) (d_scaled's earlier value has been read by now)
    TK_PROFILE_OP(Copies);
    grads.d_scaled = w.scale_in * *du;
    du = &grads.d_scaled;
  }
  if (w.in) du = &norm_backward(*du, p.norm_in, w.norm, cache.norm_in, grads.norm_in);
  TK_PROFILE_OP(Copies);
  // the residual path adds its gradient to the branch's
  if (!w.residual) {
    din = *du;
  } else if (w.alpha == 1) {
    din = ds + *du;
  } else {
    din = w.alpha * ds + *du;
  }
  return w.gate == GateKind::Block ? d_gate_scalar : 0;
}

}  // namespace

Mat block_forward(const Mat& x, const BlockParams& p, const BlockShape& shape, const BlockWiring& wiring,
                  BlockCache& cache) {
  const Mat h = sublayer_forward(
      x, wiring, [&](const Mat& u) { return attention_forward(u, p.attn, shape.attention, cache.attn); }, p.sub1,
      p.block_gate, cache.sub1);
  return sublayer_forward(
      h, wiring, [&](const Mat& u) { return ffn_forward(u, p.ffn, shape.activation, cache.ffn); }, p.sub2, p.block_gate,
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
      p.sub2, p.block_gate, cache.sub2, grads.sub2, grads.d_mid);
  const double d_r1 = sublayer_backward(
      grads.d_mid, wiring,
      [&](const Mat& d) -> const Mat& {
        attention_backward(d, p.attn, shape.attention, cache.attn, grads.attn);
        return grads.attn.dx;
      },
      p.sub1, p.block_gate, cache.sub1, grads.sub1, grads.dx);
  // a block gate serves both sublayers: its gradient is the sum of theirs
  if (wiring.gate == GateKind::Block) {
    grads.dblock_gate = Vec::Constant(1, d_r2 + d_r1);
  } else {
    grads.dblock_gate.resize(0);
  }
}

BlockGradSquares grad_squares(const double (&t)[kBlockTensors]) {
  BlockGradSquares s;
  for (int k = 0; k < 12; k += 2) s.weights += t[k];  // the six weights, then their biases, in the walk's order
  for (int k = 1; k < 12; k += 2) s.biases += t[k];
  // each norm's tensors summed first (γ² + β², then g²: the empty ones add an exact 0), then the gates
  for (int k = 12; k < 30; k += 3) s.norms_and_gates += (t[k] + t[k + 1]) + t[k + 2];
  for (int k = 30; k < kBlockTensors; ++k) s.norms_and_gates += t[k];
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
  const Vec* rest[kBlockTensors - 12] = {&g.sub1.norm_in.ln.dgamma,
                                         &g.sub1.norm_in.ln.dbeta,
                                         &g.sub1.norm_in.rms.dgain,
                                         &g.sub2.norm_in.ln.dgamma,
                                         &g.sub2.norm_in.ln.dbeta,
                                         &g.sub2.norm_in.rms.dgain,
                                         &g.sub1.norm_out.ln.dgamma,
                                         &g.sub1.norm_out.ln.dbeta,
                                         &g.sub1.norm_out.rms.dgain,
                                         &g.sub2.norm_out.ln.dgamma,
                                         &g.sub2.norm_out.ln.dbeta,
                                         &g.sub2.norm_out.rms.dgain,
                                         &g.sub1.norm_after.ln.dgamma,
                                         &g.sub1.norm_after.ln.dbeta,
                                         &g.sub1.norm_after.rms.dgain,
                                         &g.sub2.norm_after.ln.dgamma,
                                         &g.sub2.norm_after.ln.dbeta,
                                         &g.sub2.norm_after.rms.dgain,
                                         &g.sub1.dgate,
                                         &g.sub2.dgate,
                                         &g.dblock_gate};
  for (int k = 0; k < kBlockTensors - 12; ++k) t[12 + k] = squared_sum(rest[k]->data(), rest[k]->size());
  return grad_squares(t);
}

}  // namespace tk
