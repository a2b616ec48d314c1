// Shared types and conventions for every kernel of the chapter.
//
// Shapes: N rows of width d (a row is one token's vector). For the stack: B batches, T tokens,
// N = B*T rows, d model width, H heads, hs = d/H head size, F = 4d FFN width.
// All matrices are float64, dynamic size, row-major, so a JS Float64Array maps onto them directly.
// Gradients carry a `d` prefix (dx, dgamma). Jacobians are J_<out>_<in>, shape (dim out, dim in).
//
// Every kernel family <op> (layernorm, linear, attention, ffn, block, embedding, cross_entropy) has one shape:
//   <Op>Params   its parameters, a plain struct of Mat/Vec (none for cross-entropy)
//   <Op>Cache    what the forward keeps for the backward (Linear's cache is its input x, which callers keep)
//   <Op>Grads    dx, the gradient with respect to the input, and d<param> for every parameter
//   Mat  <op>_forward(x, params, [shape/options], cache)                  returns y and fills cache
//   void <op>_backward(dy, params, [shape/options], cache, grads)         fills every field of grads
// Backward functions assign (=) every gradient, never add to it, so a caller that keeps its grads struct
// between calls reuses the buffers: a training step allocates nothing once its first step has run.
// for_each_param(params, grads, f) calls f(value, gradient) for every parameter tensor, in a fixed order:
// what the optimiser (adam.hpp) and the gradient norms walk over.
#pragma once

#include <Eigen/Dense>
#include <stdexcept>
#include <string>
#include <utility>

namespace tk {

using Mat = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using Vec = Eigen::VectorXd;        // a column of d numbers (one token, or gamma/beta)
using RowVec = Eigen::RowVectorXd;  // a row of d numbers (a bias broadcast over rows)

// Kernels report bad arguments with require; the bindings turn its exception into a JS Error with the same
// message. The throw lives out of line, in a function marked cold: a check then costs its caller one compare and
// a call it never makes, where the inlined throw (the exception's allocation and construction) had made every
// checking kernel bigger, and V8's optimising compiler, which a reader's first run waits for, slower on it.
[[noreturn]] __attribute__((noinline, cold)) void throw_invalid_argument(const char* message);
[[noreturn]] __attribute__((noinline, cold)) void throw_invalid_argument(const std::string& message);

inline void require(bool ok, const char* message) {
  if (!ok) throw_invalid_argument(message);
}
inline void require(bool ok, const std::string& message) {
  if (!ok) throw_invalid_argument(message);
}
// The same with a message that is built only if the check fails (a callable returning it): for the checks on a
// kernel's every call (a Linear's bias, a LayerNorm's γ, every uniform_ of an nn.Linear init), where building
// the message first cost a string allocation and a number formatted each time, millions of them in a run.
template <class MakeMessage>
[[noreturn]] __attribute__((noinline, cold)) void throw_invalid_argument_made(MakeMessage& message) {
  throw_invalid_argument(std::string(message()));
}
template <class MakeMessage, class = decltype(std::string(std::declval<MakeMessage&>()()))>
inline void require(bool ok, MakeMessage&& message) {
  if (!ok) throw_invalid_argument_made(message);
}

// A bad input, with a message for the reader and the name of the input it is about (so the page can show it
// beside that field: the bindings put the name on the JS Error as `input`). Other std::invalid_argument
// messages concern the inputs together.
struct InputError : std::invalid_argument {
  InputError(std::string input_name, const std::string& message)
      : std::invalid_argument(message), input(std::move(input_name)) {}
  std::string input;
};
[[noreturn]] __attribute__((noinline, cold)) void throw_input_error(const char* input, const std::string& message);
// require, naming the input the check is about; the message is built only if the check fails.
template <class MakeMessage, class = decltype(std::string(std::declval<MakeMessage&>()()))>
inline void require_input(bool ok, const char* input, MakeMessage&& message) {
  if (!ok) throw_input_error(input, std::string(message()));
}
inline void require_input(bool ok, const char* input, const char* message) {
  if (!ok) throw_input_error(input, message);
}

// Whether every entry is finite (|v| ≤ the largest double is false for ±∞ and NaN), as one pass of comparisons
// the compiler vectorises, where Eigen's allFinite (x − x == 0) took half of LayerNorm's forward in WebAssembly.
// Out of line: one copy of that (unrolled, vectorised) loop for every caller, not one inlined in each.
bool all_finite(const double* v, Eigen::Index n);
template <class M>
bool all_finite(const M& m) {
  return all_finite(m.data(), m.size());
}

}  // namespace tk
