// The training lab (see train.hpp and docs/design/training.md).
#include "train.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace tk {

namespace {

constexpr int kMaxSteps = 10000;
constexpr int kTextRepeats = 20;

// What the run actually uses: `char` predicts the next character, so it may not attend to later ones.
TrainConfig effective(TrainConfig c) {
  if (c.task == Task::Char) c.stack.causal = true;
  return c;
}

double vocabulary_size() { return double(training_vocabulary().size()); }

}  // namespace

const char* task_name(Task task) { return task == Task::Regress ? "regress" : "char"; }

Task task_from_name(const std::string& name) {
  if (name == "regress") return Task::Regress;
  if (name == "char") return Task::Char;
  throw std::invalid_argument("task must be regress or char (got \"" + name + "\")");
}

const std::string& training_text() {
  static const std::string text = [] {
    std::string t;
    for (int i = 0; i < kTextRepeats; ++i) t += "the quick brown fox jumps over the lazy dog. ";
    return t;
  }();
  return text;
}

const std::string& training_vocabulary() {
  static const std::string vocabulary = [] {
    std::string v = training_text();
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
    return v;
  }();
  return vocabulary;
}

StackConfig lab_stack_defaults() {
  StackConfig c;
  c.wiring = wiring_preset("post");
  c.L = 24;
  c.d = 64;
  c.heads = 4;
  c.B = 2;
  c.T = 16;
  return c;
}

double trained_threshold(Task task) { return task == Task::Regress ? 0.2 : 1.0; }

double chance_loss() { return std::log(vocabulary_size()); }

TrainSummary summarize(Task task, const std::vector<double>& losses) {
  require(!losses.empty(), "a summary needs at least one step's loss");
  TrainSummary s;
  s.threshold = trained_threshold(task);
  const std::size_t n = std::min<std::size_t>(kFinalLossWindow, losses.size());
  double sum = 0;
  for (std::size_t i = losses.size() - n; i < losses.size(); ++i) sum += losses[i];
  s.final_loss = sum / double(n);
  const auto first_bad = std::find_if(losses.begin(), losses.end(), [](double l) { return !std::isfinite(l); });
  s.diverged = first_bad != losses.end();
  s.diverged_at = s.diverged ? int(first_bad - losses.begin()) : -1;
  s.trained = !s.diverged && s.final_loss < s.threshold;
  return s;
}

double train_memory_bytes(const TrainConfig& config) {
  // Every block's parameters, Adam moments and caches at once (a step keeps them all), the stream, one
  // block's gradients at a time, and what the task adds. tests/cpp/test_stack_memory.cpp holds this against
  // the bytes a run really allocates.
  const TrainConfig c = effective(config);
  const StackConfig& s = c.stack;
  const double N = double(s.B) * s.T, d = s.d, L = s.L;
  const BlockMemory block = block_memory_doubles(s);
  const double blocks = L * (3 * block.params + block.cache);  // values, both Adam moments, caches
  const double stream = (L + 1) * N * d;                       // every block's input
  const double final_ln = 2 * N * d + N * d + 3 * 2 * d;  // a final norm's ẑ and statistics; dx; γ, β and moments
  const double records = 4 * L;                           // a step's gradient norms, stream norms
  double task = 5 * N * d;                                // regress: x, target; the output y; mse's residual and dy
  double head_scratch = 0;
  if (c.task == Task::Char) {
    const double V = vocabulary_size(), Tt = s.T, text = double(training_text().size());
    const double params = V * d + Tt * d + V * d + V;  // token and position embeddings, the head's W and b
    // the parameters, their moments and gradients; the embedded input, the head's dx; logits, log p and
    // their gradient (N, V); token ids and the text's (as 8-byte integers)
    task = 4 * params + 2 * N * d + N * d + 3 * N * V + 2 * N + text;
    const auto panels = [](double n) { return 4 * std::ceil(n / 4); };
    head_scratch = std::max({panels(V) * N, panels(N) * V, panels(d) * N}) + std::max(panels(V) * d, panels(d) * V);
  }
  const double doubles = blocks + stream + final_ln + records + task + block.grads + block.temps +
                         std::max(block.gemm_scratch, head_scratch);
  return 8 * doubles + generator_states_bytes(s.L) + kSmallAllocationsBytes;
}

void validate(const TrainConfig& config) {
  const TrainConfig c = effective(config);
  validate(c.stack);
  validate(c.adam);
  // messages built only if their check fails (as the stack's validate)
  require(c.steps >= 1 && c.steps <= kMaxSteps, [&] {
    return "steps must be between 1 and " + std::to_string(kMaxSteps) + " (got " + std::to_string(c.steps) + ")";
  });
  require(c.warmup >= 0 && c.warmup <= kMaxSteps, [&] {
    return "warmup must be between 0 and " + std::to_string(kMaxSteps) + " steps (got " + std::to_string(c.warmup) +
           ")";
  });
  if (c.task == Task::Char) {
    const int longest = int(training_text().size()) - 2;  // a window and its next character must fit the text
    require(c.stack.T <= longest, [&] {
      return "the char task's windows must fit its " + std::to_string(training_text().size()) +
             "-character text: T must be at most " + std::to_string(longest);
    });
  }
  const double bytes = train_memory_bytes(c);
  require(bytes <= kMaxStackMemoryBytes,
          [&] { return too_much_memory(bytes, kStackMemoryAdvice, "training this model"); });
}

double train_flops(const TrainConfig& config) {
  const TrainConfig c = effective(config);
  double per_step = stack_flops(c.stack);
  if (c.task == Task::Char) per_step += 3 * 2 * double(c.stack.B) * c.stack.T * c.stack.d * vocabulary_size();
  return per_step * c.steps;
}

Trainer::Trainer(const TrainConfig& config) : config_(effective(config)), adam_(config.adam) {
  validate(config_);
  const StackConfig& s = config_.stack;
  // manual_seed(seed); the blocks (and a final norm, which draws nothing); then what the task adds
  const StackInit init(s, config_.task == Task::Regress);
  blocks_.resize(s.L);
  for (int i = 0; i < s.L; ++i) init.draw_block(i, blocks_[i]);
  // the blocks are read in place; the final norm lives here, where Adam updates it
  params_ = StackParams{[this](int i) -> const BlockParams& { return blocks_[std::size_t(i)]; }, final_norm_init(s),
                        init.wiring()};
  block_moments_.resize(s.L);
  cache_.keep_block_caches = true;  // a training step reuses every cache: no recomputed forward
  if (config_.task == Task::Regress) {
    x_ = init.x();
    target_ = init.target();
    return;
  }
  TorchGenerator gen = init.generator_after();
  const Eigen::Index V = Eigen::Index(training_vocabulary().size());
  embedding_.tokens = randn(gen, V, s.d);       // nn.Embedding(V, d): normal_(0, 1) on the whole weight
  embedding_.positions = randn(gen, s.T, s.d);  // nn.Embedding(T, d)
  head_.W.resize(V, s.d);                       // nn.Linear(d, V): weight, then bias
  linear_init(gen, head_.W, head_.b);
  data_.manual_seed(1000 + s.seed);
  for (char ch : training_text()) ids_.push_back(std::int64_t(training_vocabulary().find(ch)));
}

const Mat& Trainer::next_input() {
  if (config_.task == Task::Regress) return x_;
  const int B = config_.stack.B, T = config_.stack.T;
  const std::int64_t text = std::int64_t(ids_.size());
  const std::vector<std::int64_t> starts = randint(data_, 0, text - T - 1, std::size_t(B));
  tokens_.resize(std::size_t(B) * T);
  targets_.resize(tokens_.size());
  for (int b = 0; b < B; ++b) {
    for (int t = 0; t < T; ++t) {
      const std::size_t at = std::size_t(starts[std::size_t(b)] + t);
      tokens_[std::size_t(b) * T + t] = ids_[at];
      targets_[std::size_t(b) * T + t] = ids_[at + 1];
    }
  }
  embedded_ = embedding_forward(tokens_, embedding_, embedding_cache_);
  return embedded_;
}

double Trainer::loss_and_output_grad(const Mat& y, const Mat*& dy) {
  if (config_.task == Task::Regress) {
    const double loss = mse_forward(y, target_, mse_cache_);
    mse_backward(mse_cache_, mse_grads_);
    dy = &mse_grads_.dx;
    return loss;
  }
  const Mat logits = linear_forward(y, head_);
  const double loss = cross_entropy_forward(logits, targets_, ce_cache_);
  cross_entropy_backward(ce_cache_, ce_grads_);
  linear_backward(ce_grads_.dx, head_, y, head_grads_);  // ∂loss/∂y = dlogits·W, with W before its update
  dy = &head_grads_.dx;
  return loss;
}

TrainStep Trainer::step() {
  require(!finished(), [&] { return "this run has taken all its " + std::to_string(config_.steps) + " steps"; });
  const StackConfig& s = config_.stack;
  TrainStep record;
  record.step = step_;
  record.lr = warmup_rate(config_.adam.lr, config_.warmup, step_);
  record.grad_norm.assign(s.L, 0.0);
  if (config_.stream_grads) record.stream_grad_norm.assign(s.L, 0.0);

  try {
    forward_backward_update(record);
  } catch (const std::invalid_argument&) {
    // With the shapes validate() has checked, a kernel refuses only a number that left float64's range (an overflow,
    // a NaN). Later, the updates sent the weights there, and the run diverged at this step. At the first step the
    // wiring's own values did, before any update: an error, told in the wiring's terms (a norm's "x must contain
    // only finite numbers" had been the message).
    if (step_ == 0) throw std::invalid_argument(overflow_message(s, "at its first step, before any update"));
    diverged_ = true;
    record.diverged_reason = "its weights left float64’s range";
  } catch (const Diverged& diverged) {
    diverged_ = true;
    record.diverged_reason = diverged.reason;
    // at the first step no update has run: the wiring's own values did it, and the reason says which to change
    if (step_ == 0) {
      const std::string advice = wiring_overflow_advice(s.wiring, s.L, s.scale);
      if (!advice.empty()) record.diverged_reason += " at its first step, before any update: " + advice;
    }
  }
  if (diverged_) {
    record.diverged = true;
    record.loss = std::numeric_limits<double>::quiet_NaN();
    record.ratio = record.stream_sd = record.loss;
    std::fill(record.grad_norm.begin(), record.grad_norm.end(), record.loss);
    std::fill(record.stream_grad_norm.begin(), record.stream_grad_norm.end(), record.loss);
  }
  ++step_;
  return record;
}

void Trainer::forward_backward_update(TrainStep& record) {
  const StackConfig& s = config_.stack;
  StackParams& params = params_;
  const Mat& input = next_input();
  y_ = stack_forward(input, params, s, cache_);
  record.stream_sd = stream_sd(cache_.inputs[std::size_t(s.L)]);
  const Mat* dy = nullptr;
  record.loss = loss_and_output_grad(y_, dy);
  if (!std::isfinite(record.loss))
    throw Diverged{"its loss left float64’s range"};  // (a wiring without norms carries a NaN to the loss unrefused)

  // The backward runs from the last block down; each block is updated as soon as its gradients are known
  // (every tensor's Adam step depends on its own gradient only, so this equals PyTorch's update after the
  // whole backward pass). The gradient norms are of the gradients before the update: Adam sums their squares
  // as it reads them, in grad_squares' order, so they are the article's values bit for bit.
  adam_.begin_step(record.lr);
  if (config_.task == Task::Char) adam_.update_all(head_, head_grads_, head_moments_);
  stack_backward(*dy, params, s, cache_, grads_, [&](int i, const BlockGrads& g) {
    if (config_.stream_grads) record.stream_grad_norm[std::size_t(i)] = g.dx.norm();
    double squares[kBlockTensors];  // one per tensor of the block, in for_each_param's order
    adam_.update_all(blocks_[std::size_t(i)], g, block_moments_[std::size_t(i)], squares);
    const BlockGradSquares sq = grad_squares(squares);
    record.grad_norm[std::size_t(i)] = std::sqrt(sq.weights + sq.biases + sq.norms_and_gates);
  });
  if (params.wiring.final_norm != NormKind::None)
    adam_.update_all(params.final_norm, grads_.final_norm, final_norm_moments_);
  if (config_.task == Task::Char) {
    embedding_backward(grads_.dx, embedding_, embedding_cache_, embedding_grads_);
    adam_.update_all(embedding_, embedding_grads_, embedding_moments_);
  }
  // A gradient whose norm is not finite (its squares overflow, or a NaN) updates nothing Adam can use (its
  // second moment is ∞ or NaN): the run diverged at this step, though its loss was still a number.
  for (std::size_t i = 0; i < record.grad_norm.size(); ++i) {
    if (!std::isfinite(record.grad_norm[i])) {
      throw Diverged{"the gradient of block " + std::to_string(i + 1) + " left float64’s range"};
    }
  }
  record.ratio = record.grad_norm.front() / record.grad_norm.back();
}

std::vector<std::int64_t> sample_prompt_ids(const std::string& prompt, int length) {
  require(!prompt.empty() && prompt.size() <= std::size_t(kMaxSampleChars),
          [&] { return "the prompt must hold 1 to " + std::to_string(kMaxSampleChars) + " characters"; });
  require(length >= 1 && length <= kMaxSampleChars,
          [&] { return "the continuation must be 1 to " + std::to_string(kMaxSampleChars) + " characters long"; });
  std::vector<std::int64_t> ids;
  for (char ch : prompt) {
    const std::size_t id = training_vocabulary().find(ch);
    require(id != std::string::npos, [&] {
      return std::string("the prompt may hold only the text's characters (a to z, space and '.'): '") + ch +
             "' is not one of them";
    });
    ids.push_back(std::int64_t(id));
  }
  return ids;
}

CharSample Trainer::sample(const std::string& prompt, int length) const {
  require(config_.task == Task::Char, "only the char task predicts characters");
  std::vector<std::int64_t> ids = sample_prompt_ids(prompt, length);
  const std::string& vocabulary = training_vocabulary();

  StackConfig one = config_.stack;  // one window at a time
  one.B = 1;
  const int T = one.T;
  StackCache cache;
  EmbeddingCache embedding_cache;
  CrossEntropyCache ce_cache;
  CharSample out;
  std::vector<std::int64_t> window(std::size_t(T), 0);
  for (int k = 0; k < length; ++k) {
    const std::size_t n = std::min(ids.size(), std::size_t(T));  // the context: the last n ids, at positions 0 … n−1
    std::copy(ids.end() - std::ptrdiff_t(n), ids.end(), window.begin());
    const Mat h = embedding_forward(window, embedding_, embedding_cache);
    const Mat y = stack_forward(h, params_, one, cache);
    const Mat logits = linear_forward(y.row(Eigen::Index(n) - 1), head_);
    cross_entropy_forward(logits, {0}, ce_cache);  // its log softmax, taken as PyTorch takes it
    const Vec p = ce_cache.log_p.row(0).transpose().array().exp();
    if (k == 0) out.probabilities.assign(p.data(), p.data() + p.size());
    Eigen::Index best = 0;
    for (Eigen::Index v = 1; v < p.size(); ++v) {
      if (p(v) > p(best)) best = v;
    }
    ids.push_back(std::int64_t(best));
    out.text += vocabulary[std::size_t(best)];
  }
  return out;
}

}  // namespace tk
