// The training lab (docs/design/training.md): a stack of the article's blocks trained with Adam, step by step,
// exactly as PyTorch 1.13 trains it, recording before every update the loss and each block's gradient.
// Two tasks share the stack:
//   regress  the article's loss on fixed inputs: x, target = randn(B, T, d), loss = mean((stack(x) − target)²)
//   char     next-character prediction on a 900-character text: h = E[tokens] + P, logits = head(stack(h)),
//            loss = cross-entropy; causal attention; windows drawn with randint from a second generator
// Serves Part 3 of the chapter ("Does it train?") and `npm run train`.
#pragma once

#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

#include "adam.hpp"
#include "embedding.hpp"
#include "loss.hpp"
#include "stack.hpp"

namespace tk {

enum class Task { Regress, Char };

// "regress" or "char", as the command line, the bindings and the page name them.
const char* task_name(Task task);
Task task_from_name(const std::string& name);  // throws std::invalid_argument for any other name

// The `char` task's text: "the quick brown fox jumps over the lazy dog. " 20 times (900 characters), and its
// vocabulary, the sorted distinct characters (space, '.', a–z: V = 28). A character's id is its index there.
const std::string& training_text();
const std::string& training_vocabulary();

// The lab's stack: Post-LN, L = 24, d = 64, 4 heads, B = 2 sequences of T = 16 tokens (docs/design/training.md).
StackConfig lab_stack_defaults();

struct TrainConfig {
  Task task = Task::Regress;
  StackConfig stack = lab_stack_defaults();  // `char` always runs with the causal mask, whatever stack.causal says
  AdamConfig adam;                           // lr 3e-3, β1 0.9, β2 0.999, eps 1e-8
  int warmup = 0;                            // W: steps of linear warmup, 0 = none
  int steps = 150;
  bool stream_grads = false;  // also record ‖∂loss/∂ input of block i‖ at every step
};

// Every field of TrainConfig, under the names the command line, the bindings and the page use (see
// for_each_field in stack.hpp): the task, the stack's own fields, then the optimiser's.
template <class Config, class F>
auto for_each_field(Config& c, F&& f) -> std::enable_if_t<std::is_same_v<std::remove_const_t<Config>, TrainConfig>> {
  f("task", c.task);
  for_each_field(c.stack, f);
  f("lr", c.adam.lr);
  f("beta1", c.adam.beta1);
  f("beta2", c.adam.beta2);
  f("eps", c.adam.eps);
  f("warmup", c.warmup);
  f("steps", c.steps);
  f("streamGrads", c.stream_grads);
}

// Throws std::invalid_argument, with a message for the reader, for a configuration that cannot run.
void validate(const TrainConfig& config);
// What a run needs at its peak, in bytes: every block's parameters and Adam moments, every block's caches.
double train_memory_bytes(const TrainConfig& config);
// Floating-point operations of the whole run (every step's forward and backward, as stack_flops counts them,
// plus the `char` task's output head).
double train_flops(const TrainConfig& config);

// A run "trains" when the mean of its last kFinalLossWindow losses is below the task's threshold.
constexpr int kFinalLossWindow = 10;
double trained_threshold(Task task);  // 0.2 (regress), 1.0 (char)
// The char task's chance level: the loss of a uniform guess over the V characters, ln V.
double chance_loss();

struct TrainSummary {
  double final_loss = 0;  // mean of the last min(10, n) losses
  bool trained = false;   // final_loss < threshold
  bool diverged = false;  // some loss was not a finite number (a blow-up, not a stall)
  int diverged_at = -1;   // the first such step, or −1
  double threshold = 0;
};
TrainSummary summarize(Task task, const std::vector<double>& losses);  // losses: every step's, n >= 1

// TrainSummary's fields, by the names the page reads (divergedAt only for a run that diverged).
template <class F>
void for_each_field(const TrainSummary& s, F&& f) {
  f("finalLoss", s.final_loss);
  f("trained", s.trained);
  f("diverged", s.diverged);
  if (s.diverged) f("divergedAt", s.diverged_at);
  f("threshold", s.threshold);
}

// What one step records, before its update.
struct TrainStep {
  int step = 0;   // 0-based
  double lr = 0;  // the rate this step's update uses (warmup applied)
  double loss = 0;
  std::vector<double> grad_norm;         // (L) block i's gradient over all its parameters
  double ratio = 0;                      // grad_norm[0] / grad_norm[L − 1]
  double stream_sd = 0;                  // unbiased sd of the stream after the last block (before a final norm)
  std::vector<double> stream_grad_norm;  // (L) ‖∂loss/∂ input of block i‖, when asked for
  // The run diverged at this step: its weights had left float64's range (a learning rate far too large, or Adam
  // with eps = 0 dividing 0 by 0), so this step could not be computed: loss and norms NaN, and the run is over.
  bool diverged = false;
  std::string diverged_reason;  // why, for the reader, when it diverged: the loss, a gradient or a kernel's refusal
};

// TrainStep's fields, by the names the page reads; a step says `diverged` only when it did, and has
// streamGradNorm only when the run was asked for it (a run of thousands of steps carries neither otherwise).
template <class F>
void for_each_field(const TrainStep& s, F&& f) {
  f("step", s.step);
  f("lr", s.lr);
  f("loss", s.loss);
  f("gradNorm", s.grad_norm);
  f("ratio", s.ratio);
  f("streamSd", s.stream_sd);
  if (s.diverged) f("diverged", s.diverged);
  if (s.diverged) f("divergedReason", s.diverged_reason);
  if (!s.stream_grad_norm.empty()) f("streamGradNorm", s.stream_grad_norm);
}

// What the `char` model predicts after a prompt, with the weights as they are (after steps_done() updates): the
// greedy continuation (each next character the most probable one, the first of equal ones, as torch.argmax),
// and the probabilities of the character after the prompt. Each prediction sees the last T characters at
// positions 0, 1, …, as training windows do (a shorter context sits at the first positions; the causal mask
// keeps what follows it out).
struct CharSample {
  std::string text;                   // the continuation, `length` characters
  std::vector<double> probabilities;  // (V) of the character after the prompt, in the vocabulary's order
};

template <class F>
void for_each_field(const CharSample& s, F&& f) {
  f("text", s.text);
  f("probabilities", s.probabilities);
}
constexpr int kMaxSampleChars = 200;  // a prompt's and a continuation's length at most
// What the lab asks every char run for, at step 0, midway and at the end: the text's own opening.
constexpr const char* kSamplePrompt = "the quick ";
constexpr int kSampleChars = 40;

// The prompt as the vocabulary's ids; throws std::invalid_argument, with a message for the reader, for a prompt
// of other characters or of a length outside 1 … kMaxSampleChars, or such a continuation length.
std::vector<std::int64_t> sample_prompt_ids(const std::string& prompt, int length);

// One training run, a step at a time: the caller decides when to stop.
class Trainer {
 public:
  explicit Trainer(const TrainConfig& config);  // validates, then builds the model for config.stack.seed
  Trainer(const Trainer&) = delete;             // params_ reads this object's blocks
  Trainer& operator=(const Trainer&) = delete;
  TrainStep step();  // forward, backward, record, update (or the step that diverged)
  int steps_done() const { return step_; }
  bool finished() const { return step_ >= config_.steps || diverged_; }
  const TrainConfig& config() const { return config_; }
  // The `char` task only; throws std::invalid_argument for a prompt of other characters or a bad length.
  CharSample sample(const std::string& prompt, int length) const;

 private:
  // The next batch's inputs: x (regress) or the embedded tokens (char), and for char the targets.
  const Mat& next_input();
  // The loss of the stack's output y; dy is set to ∂loss/∂y (a buffer of this object).
  double loss_and_output_grad(const Mat& y, const Mat*& dy);
  // The step proper (step() records a step that diverged); throws Diverged, with its reason, for a loss or a
  // gradient norm that is not a finite number.
  struct Diverged {
    std::string reason;
  };
  void forward_backward_update(TrainStep& record);

  TrainConfig config_;
  std::vector<BlockParams> blocks_;
  // the stack as the kernels read it: blocks_ in place, the wiring's final norm (Pre-LN's LayerNorm, trained like
  // every other parameter) and every block's wiring, evaluated once for the run
  StackParams params_;
  // regress
  Mat x_, target_;
  // char
  EmbeddingParams embedding_;
  LinearParams head_;
  TorchGenerator data_;            // Generator().manual_seed(1000 + seed): the windows' starts
  std::vector<std::int64_t> ids_;  // the text as ids
  std::vector<std::int64_t> tokens_, targets_;
  Mat embedded_;

  Adam adam_;
  std::vector<std::vector<AdamMoments>> block_moments_;
  std::vector<AdamMoments> final_norm_moments_, embedding_moments_, head_moments_;

  // buffers kept between steps (filled by the kernels' forward and backward)
  StackCache cache_;
  StackGrads grads_;
  MseCache mse_cache_;
  MseGrads mse_grads_;
  CrossEntropyCache ce_cache_;
  CrossEntropyGrads ce_grads_;
  EmbeddingCache embedding_cache_;
  EmbeddingGrads embedding_grads_;
  LinearGrads head_grads_;
  Mat y_;
  int step_ = 0;
  bool diverged_ = false;
};

}  // namespace tk
