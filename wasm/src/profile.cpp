// The benchmark's per-operation clock (see profile.hpp). Only the names exist when TK_PROFILE is off.
#include "profile.hpp"

#ifdef TK_PROFILE
#include <chrono>
#endif

namespace tk::profile {

const char* op_name(Op op) {
  switch (op) {
    case Op::Other:
      return "other (loops, calls)";
    case Op::Weights:
      return "weights from the RNG";
    case Op::Projections:
      return "projections Wq Wk Wv Wo";
    case Op::Ffn:
      return "FFN W1 W2";
    case Op::Heads:
      return "attention core per head";
    case Op::Softmax:
      return "softmax";
    case Op::LayerNorm:
      return "LayerNorm";
    case Op::BiasActivation:
      return "bias, activation";
    case Op::Packing:
      return "GEMM packing";
    case Op::Copies:
      return "allocation, copies";
    case Op::Norms:
      return "norms, loss";
    case Op::Optimiser:
      return "Adam update";
    case Op::kCount:
      break;
  }
  return "?";
}

const char* phase_name(Phase phase) {
  switch (phase) {
    case Phase::Setup:
      return "setup";
    case Phase::Forward:
      return "forward";
    case Phase::Recompute:
      return "recomputed forward";
    case Phase::Backward:
      return "backward";
    case Phase::kCount:
      break;
  }
  return "?";
}

#ifdef TK_PROFILE

namespace {

using Clock = std::chrono::steady_clock;
constexpr int kOps = int(Op::kCount), kPhases = int(Phase::kCount);

// One thread runs the kernels (a worker, or the bench's main thread): plain globals, no locking.
double totals[kPhases][kOps];
Op current_op = Op::Other;
Phase current_phase = Phase::Setup;
Clock::time_point last = Clock::now();
long long opened = 0;

// Charges the time since the last switch to what was running, and starts the clock for what comes next.
void switch_to(Op op, Phase phase) {
  const Clock::time_point now = Clock::now();
  totals[int(current_phase)][int(current_op)] += std::chrono::duration<double>(now - last).count();
  last = now;
  current_op = op;
  current_phase = phase;
}

}  // namespace

void reset() {
  for (auto& row : totals) {
    for (double& t : row) t = 0;
  }
  opened = 0;
  last = Clock::now();
}

double seconds(Op op, Phase phase) {
  switch_to(current_op, current_phase);  // brings the running scope's total up to date
  return totals[int(phase)][int(op)];
}

long long scopes() { return opened; }

Scope::Scope(Op op) : outer_op_(current_op), outer_phase_(current_phase) {
  ++opened;
  switch_to(op, current_phase);
}
Scope::Scope(Phase phase) : outer_op_(current_op), outer_phase_(current_phase) {
  ++opened;
  switch_to(Op::Other, phase);
}
Scope::~Scope() { switch_to(outer_op_, outer_phase_); }

#endif

}  // namespace tk::profile
