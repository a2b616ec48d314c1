// Where a block's time goes, for the benchmark only (bench/block_bench.cpp, printed by npm run bench).
//
// Off unless the kernels are compiled with TK_PROFILE, which only the benchmark's own copy of them is
// (CMakeLists.txt: tk_kernels_profiled). Off, every TK_PROFILE_* line expands to nothing, so the site's
// module, the sweep and the tests run the kernels with no instrumentation at all.
// On, TK_PROFILE_OP(op) charges the time until the end of its scope to op, minus the time of the scopes nested
// in it (self time, so the operations add up to the whole), and TK_PROFILE_PHASE(phase) says which pass of the
// stack the time belongs to (the forward, the forward recomputed during the backward, the backward).
// The clock is std::chrono::steady_clock (performance.now() in WebAssembly).
#pragma once

namespace tk::profile {

enum class Op {
  Other,           // inside the kernels but in no scope below: loops, calls, the stack's bookkeeping
  Weights,         // drawing the weights from PyTorch's generator (mt19937 + the uniform transform)
  Projections,     // the matrix products of Wq, Wk, Wv, Wo (their packing aside)
  Ffn,             // the matrix products of W1, W2 (their packing aside)
  Heads,           // the per-head products q·kᵀ and P·v, forward and backward (their packing aside)
  Softmax,         // softmax over keys, the causal mask, and its backward
  LayerNorm,       // LayerNorm forward and backward
  BiasActivation,  // adding biases, their gradients (column sums), ReLU/GELU and their derivatives
  Packing,         // laying GEMM operands out in panels (gemm.cpp)
  Copies,          // allocation, copies, residual sums, scaling and zeroing of whole matrices
  Norms,           // the measurements: gradient norms, the stream's spread, the loss
  Optimiser,       // the training lab's Adam updates
  kCount
};
enum class Phase { Setup, Forward, Recompute, Backward, kCount };

const char* op_name(Op op);
const char* phase_name(Phase phase);

#ifdef TK_PROFILE

void reset();                        // zero every total
double seconds(Op op, Phase phase);  // the total self time charged so far
long long scopes();                  // how many scopes were opened (to estimate what timing costs)

// Until its end, time goes to op (in the pass that is running), or to a new pass (in no operation yet); then
// back to what ran before.
class Scope {
 public:
  explicit Scope(Op op);
  explicit Scope(Phase phase);
  ~Scope();
  Scope(const Scope&) = delete;
  Scope& operator=(const Scope&) = delete;

 private:
  Op outer_op_;
  Phase outer_phase_;
};

#define TK_PROFILE_JOIN2(a, b) a##b
#define TK_PROFILE_JOIN(a, b) TK_PROFILE_JOIN2(a, b)
#define TK_PROFILE_OP(op) const ::tk::profile::Scope TK_PROFILE_JOIN(tk_profile_, __LINE__)(::tk::profile::Op::op)
#define TK_PROFILE_PHASE(phase) \
  const ::tk::profile::Scope TK_PROFILE_JOIN(tk_profile_, __LINE__)(::tk::profile::Phase::phase)

#else

#define TK_PROFILE_OP(op) static_cast<void>(0)
#define TK_PROFILE_PHASE(phase) static_cast<void>(0)

#endif

}  // namespace tk::profile
