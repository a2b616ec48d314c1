// The training lab (train.hpp): every step of PyTorch's own training runs (tests/reference/fixtures/train,
// written by make_reference.py) — loss, rate, each block's gradient norm and the stream gradients — within
// 1e-8 relative, natively and in wasm; the summary; what a run refuses; and invariants tying a training
// step to the article's one-shot measurement.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <set>
#include <tuple>

#include "check.hpp"
#include "fixtures.hpp"
#include "train.hpp"

namespace tk {
namespace {

namespace fs = std::filesystem;
using test::Json;
using test::thrown_message;

std::vector<std::string> train_fixtures() {
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(fs::path(TK_SOURCE_DIR) / "tests/reference/fixtures/train")) {
    if (e.path().extension() == ".json") names.push_back(e.path().stem().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

class PyTorchTraining : public ::testing::TestWithParam<std::string> {};

// "a mismatch above 1e-8 is a bug, not rounding" (docs/design/training.md): PyTorch's own runs move by ≤ 7e-13 under a
// 1e-13 nudge of their inputs.
TEST_P(PyTorchTraining, EveryStepMatches) {
  const Json f = test::read_fixture("train/" + GetParam() + ".json");
  TrainConfig config = test::config_from_fixture<TrainConfig>(f.at("config"));
  const Json& steps = f.at("steps");
  config.stream_grads = steps[0].contains("stream_grad_norm");
  ASSERT_EQ(std::size_t(config.steps), steps.size());
  Trainer trainer(config);
  constexpr double rtol = 1e-8;
  std::vector<double> losses;
  for (const Json& expected : steps) {
    const TrainStep s = trainer.step();
    losses.push_back(s.loss);
    const int k = s.step;
    ASSERT_EQ(k, expected.at("step").get<int>());
    EXPECT_NEAR(s.lr, expected.at("lr").get<double>(), 1e-15 * expected.at("lr").get<double>()) << "step " << k;
    EXPECT_NEAR(s.loss, expected.at("loss").get<double>(), rtol * std::abs(expected.at("loss").get<double>()))
        << "loss at step " << k;
    const Vec grad_norm = Eigen::Map<const Vec>(s.grad_norm.data(), Eigen::Index(s.grad_norm.size()));
    EXPECT_TRUE(test::all_close(grad_norm, test::number_vector(expected.at("grad_norm")), rtol, 0))
        << "grad_norm at step " << k;
    if (config.stream_grads) {
      const Vec stream = Eigen::Map<const Vec>(s.stream_grad_norm.data(), Eigen::Index(s.stream_grad_norm.size()));
      EXPECT_TRUE(test::all_close(stream, test::number_vector(expected.at("stream_grad_norm")), rtol, 0))
          << "stream_grad_norm at step " << k;
    }
    EXPECT_NEAR(s.stream_sd, expected.at("stream_sd").get<double>(), rtol * expected.at("stream_sd").get<double>())
        << "stream_sd at step " << k;
    if (::testing::Test::HasFailure()) break;  // one step's report is enough: the next ones inherit its error
  }
  EXPECT_TRUE(trainer.finished());
  const TrainSummary summary = summarize(config.task, losses);
  EXPECT_NEAR(summary.final_loss, f.at("summary").at("final_loss").get<double>(),
              rtol * f.at("summary").at("final_loss").get<double>());
  EXPECT_EQ(summary.trained, f.at("summary").at("trained").get<bool>());
}

INSTANTIATE_TEST_SUITE_P(Train, PyTorchTraining, ::testing::ValuesIn(train_fixtures()),
                         [](const auto& info) { return info.param; });

// The char model's samples (Trainer::sample) against PyTorch's (tests/reference/fixtures/sample, written by
// make_reference.py --only sample): the greedy continuation character for character and the probabilities of
// the character after the prompt to 1e-9, at step 0, midway and at the end of a run.
std::vector<std::string> sample_fixtures() {
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(fs::path(TK_SOURCE_DIR) / "tests/reference/fixtures/sample")) {
    if (e.path().extension() == ".json") names.push_back(e.path().stem().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

class PyTorchSamples : public ::testing::TestWithParam<std::string> {};

TEST_P(PyTorchSamples, ContinuationAndProbabilitiesMatch) {
  const Json f = test::read_fixture("sample/" + GetParam() + ".json");
  const TrainConfig config = test::config_from_fixture<TrainConfig>(f.at("config"));
  const std::string prompt = f.at("prompt").get<std::string>();
  const int length = f.at("length").get<int>();
  Trainer trainer(config);
  const Json& samples = f.at("samples");
  ASSERT_EQ(samples.size(), 3u);
  for (const Json& expected : samples) {
    const int at = expected.at("step").get<int>();
    while (trainer.steps_done() < at) trainer.step();
    const CharSample s = trainer.sample(prompt, length);
    EXPECT_EQ(s.text, expected.at("text").get<std::string>()) << "after " << at << " steps";
    const Vec p = Eigen::Map<const Vec>(s.probabilities.data(), Eigen::Index(s.probabilities.size()));
    EXPECT_TRUE(test::all_close(p, test::number_vector(expected.at("probabilities")), 1e-9, 1e-12))
        << "probabilities after " << at << " steps";
    EXPECT_NEAR(p.sum(), 1.0, 1e-12);
  }
}

INSTANTIATE_TEST_SUITE_P(Train, PyTorchSamples, ::testing::ValuesIn(sample_fixtures()),
                         [](const auto& info) { return info.param; });

// A model that has learned nothing guesses uniformly: its loss is ln V. At initialisation the char model's first
// loss is near it (its logits are small), and the page draws it as the chance level.
TEST(TrainSample, ChanceLevelIsTheUniformGuessLoss) {
  EXPECT_DOUBLE_EQ(chance_loss(), std::log(28.0));
  const Mat uniform = Mat::Zero(3, 28);
  CrossEntropyCache cache;
  EXPECT_NEAR(cross_entropy_forward(uniform, {0, 5, 27}, cache), chance_loss(), 1e-15);
}

TEST(TrainSample, RefusesWhatItCannotRead) {
  TrainConfig config;
  config.task = Task::Char;
  config.stack.L = 2;
  config.stack.d = 16;
  config.stack.heads = 2;
  config.steps = 1;
  const Trainer trainer(config);
  EXPECT_EQ(thrown_message([&] { trainer.sample("The", 5); }),
            "the prompt may hold only the text's characters (a to z, space and '.'): 'T' is not one of them");
  EXPECT_EQ(thrown_message([&] { trainer.sample("", 5); }), "the prompt must hold 1 to 200 characters");
  EXPECT_EQ(thrown_message([&] { trainer.sample("the", 0); }), "the continuation must be 1 to 200 characters long");
  EXPECT_EQ(trainer.sample(std::string(200, 'a'), 3).text.size(), 3u);  // a prompt longer than T: the last T
  TrainConfig regress = config;
  regress.task = Task::Regress;
  EXPECT_EQ(thrown_message([&] { Trainer(regress).sample("the", 5); }), "only the char task predicts characters");
}

TEST(TrainFixtures, CoverBothTasksEveryWiringAndWarmup) {
  std::set<std::string> seen;
  for (const std::string& name : train_fixtures()) {
    const Json c = test::read_fixture("train/" + name + ".json").at("config");
    const Json& w = c.at("placement");  // a preset's name, or a written wiring
    seen.insert(c.at("task").get<std::string>() + "/" + (w.is_string() ? w.get<std::string>() : "written"));
    if (c.at("warmup").get<int>() > 0) seen.insert("warmup/" + c.at("task").get<std::string>());
    if (c.at("beta2").get<double>() != 0.999) seen.insert("beta2");
    if (c.at("L").get<int>() >= 4 && c.at("placement") == "mixln") seen.insert("mixln with a Post-LN block");
  }
  std::vector<std::string> needed = {"warmup/regress",  "warmup/char", "beta2", "mixln with a Post-LN block",
                                     "regress/written", "char/written"};
  for (const WiringPreset& w : wiring_presets()) {
    for (const char* task : {"regress", "char"}) needed.push_back(std::string(task) + "/" + w.name);
  }
  for (const std::string& what : needed) EXPECT_TRUE(seen.count(what)) << what;
}

// The lab's first step measures what the article measures: the same stack, the same draws, the same loss.
TEST(TrainStep, FirstStepIsTheArticlesMeasurement) {
  for (const WiringPreset& w : wiring_presets()) {
    const std::string& placement = w.name;
    TrainConfig c;
    c.stack.wiring = w.spec;
    c.stack.L = 4, c.stack.d = 16, c.stack.heads = 2, c.stack.B = 2, c.stack.T = 5, c.stack.seed = 3;
    c.stream_grads = true;
    const StackResult article = run_stack(c.stack);
    Trainer trainer(c);
    const TrainStep s = trainer.step();
    // bit for bit: the lab's norms are summed by Adam as it updates, the article's by grad_squares, in one order
    EXPECT_EQ(s.loss, article.loss) << placement;
    for (int i = 0; i < c.stack.L; ++i) {
      EXPECT_EQ(s.grad_norm[i], article.grad_norm[i]) << placement << " block " << i;
      EXPECT_EQ(s.stream_grad_norm[i], article.input_grad_norm[i]) << placement << " block " << i;
    }
    EXPECT_EQ(s.ratio, article.ratio);
    EXPECT_EQ(s.stream_sd, article.stream_sd.back()) << placement;
  }
}

// A learning rate far past the cliff (or Adam with eps = 0 on a gradient that is exactly 0, as under ReZero's
// closed gates) sends the weights out of float64's range: the run stops at the step that cannot be computed,
// says so, and its summary says where; it is not an error ("x must contain only finite numbers" before).
TEST(TrainStep, ARunThatBlowsUpStopsAndSaysWhere) {
  for (const auto& [placement, lr, eps] : {std::tuple{"post", 1e300, 1e-8}, std::tuple{"rezero", 1e-3, 0.0}}) {
    TrainConfig c;
    c.stack.wiring = wiring_preset(placement);
    c.stack.L = 2, c.stack.d = 8, c.stack.heads = 2, c.stack.T = 4;
    c.adam.lr = lr, c.adam.eps = eps;
    c.steps = 20;
    Trainer trainer(c);
    std::vector<double> losses;
    TrainStep last;
    EXPECT_NO_THROW(while (!trainer.finished()) {
      last = trainer.step();
      losses.push_back(last.loss);
    }) << placement;
    EXPECT_TRUE(last.diverged) << placement;
    EXPECT_FALSE(last.diverged_reason.empty()) << placement;
    EXPECT_LT(trainer.steps_done(), c.steps) << placement;
    EXPECT_TRUE(std::isnan(last.loss));
    const TrainSummary summary = summarize(c.task, losses);
    EXPECT_TRUE(summary.diverged);
    EXPECT_FALSE(summary.trained);
    EXPECT_EQ(summary.diverged_at, int(losses.size()) - 1) << placement;
    EXPECT_GE(summary.diverged_at, 1);  // the first step is computed from the initial weights
  }
}

// Issue 37: ReZero at lr 1e9 keeps a finite loss while its gradients' squares overflow (a norm of ∞): Adam's
// second moment is then ∞ and nothing trains. The run diverged at the first such step, and says why; it had
// run all its steps with grad_norm ∞ and diverged false.
TEST(TrainStep, AGradientThatIsNotFiniteIsADivergenceAtThatStep) {
  TrainConfig c;
  c.stack.wiring = wiring_preset("rezero");
  c.stack.L = 2;
  c.adam.lr = 1e9;
  c.steps = 30;
  Trainer trainer(c);
  std::vector<TrainStep> steps;
  while (!trainer.finished()) steps.push_back(trainer.step());
  ASSERT_LT(steps.size(), std::size_t(c.steps));
  const TrainStep& last = steps.back();
  EXPECT_TRUE(last.diverged);
  EXPECT_EQ(last.diverged_reason, "the gradient of block 1 left float64\u2019s range");
  for (std::size_t k = 0; k + 1 < steps.size(); ++k) {
    EXPECT_FALSE(steps[k].diverged) << "step " << k;
    for (double g : steps[k].grad_norm) EXPECT_TRUE(std::isfinite(g)) << "step " << k;  // every step before it finite
    EXPECT_TRUE(steps[k].diverged_reason.empty());
  }
  std::vector<double> losses;
  for (const TrainStep& s : steps) losses.push_back(s.loss);
  EXPECT_EQ(summarize(c.task, losses).diverged_at, int(steps.size()) - 1);
}

// Issue 52: at the first step no update has run, so an overflow is the wiring's own: told in its terms. β = 1e-300
// had failed with a norm's "x must contain only finite numbers"; α = 1e300 said only that the loss left the range.
TEST(TrainStep, AnOverflowAtTheFirstStepNamesTheSettingToChange) {
  TrainConfig c;
  c.stack.L = 2, c.stack.d = 8, c.stack.heads = 2, c.stack.T = 4;
  c.steps = 3;
  c.stack.wiring = read_wiring(R"j({"beta": "1e-300"})j");
  Trainer tiny(c);
  EXPECT_EQ(test::thrown_message([&] { tiny.step(); }),
            "this run's numbers left float64's range at its first step, before any update: raise beta (it is 1e-300 "
            "at block 1 and divides the weights of Wv, Wo, W1 and W2)");
  c.stack.wiring = read_wiring(R"j({"in": false, "final": false, "alpha": "1e300"})j");
  Trainer huge(c);
  const TrainStep first = huge.step();
  EXPECT_TRUE(first.diverged);
  EXPECT_EQ(first.diverged_reason,
            "its loss left float64’s range at its first step, before any update: lower alpha (it is 1e+300 at "
            "block 1 and multiplies the stream at every add)");
}

TEST(TrainStep, ZeroLearningRateLeavesTheModelAsItWas) {
  TrainConfig c;
  c.stack.L = 2, c.stack.d = 8, c.stack.heads = 2, c.stack.T = 4;
  c.adam.lr = 0;
  c.steps = 3;
  Trainer trainer(c);
  const double first = trainer.step().loss;
  EXPECT_EQ(trainer.step().loss, first);
  EXPECT_EQ(trainer.step().loss, first);
  EXPECT_TRUE(trainer.finished());
  EXPECT_EQ(thrown_message([&] { trainer.step(); }), "this run has taken all its 3 steps");
}

TEST(TrainStep, CharTaskAlwaysAttendsCausally) {
  TrainConfig c;
  c.task = Task::Char;
  c.stack.causal = false;
  c.stack.L = 1, c.stack.d = 8, c.stack.heads = 2, c.stack.T = 4;
  EXPECT_TRUE(Trainer(c).config().stack.causal);
  c.task = Task::Regress;
  EXPECT_FALSE(Trainer(c).config().stack.causal);
}

TEST(TrainText, NineHundredCharactersOverTwentyEightSymbols) {
  EXPECT_EQ(training_text().size(), 900u);
  EXPECT_EQ(training_text().substr(0, 45), "the quick brown fox jumps over the lazy dog. ");
  EXPECT_EQ(training_vocabulary(), " .abcdefghijklmnopqrstuvwxyz");
}

TEST(TrainDefaults, AreTheLabsProtocol) {
  // docs/design/training.md: d = 64, 4 heads, B = 2, T = 16, L = 24, Adam 3e-3, β = (0.9, 0.999), 150 steps
  const TrainConfig c;
  EXPECT_EQ(c.task, Task::Regress);
  EXPECT_EQ(wiring_text(c.stack.wiring), "post");
  EXPECT_EQ(c.stack.L, 24);
  EXPECT_EQ(c.stack.d, 64);
  EXPECT_EQ(c.stack.heads, 4);
  EXPECT_EQ(c.stack.B, 2);
  EXPECT_EQ(c.stack.T, 16);
  EXPECT_EQ(c.adam.lr, 3e-3);
  EXPECT_EQ(c.adam.beta1, 0.9);
  EXPECT_EQ(c.adam.beta2, 0.999);
  EXPECT_EQ(c.adam.eps, 1e-8);
  EXPECT_EQ(c.warmup, 0);
  EXPECT_EQ(c.steps, 150);
  EXPECT_EQ(trained_threshold(Task::Regress), 0.2);
  EXPECT_EQ(trained_threshold(Task::Char), 1.0);
  // one step is ≈ 0.236 GFLOP, 150 steps ≈ 35 GFLOP (docs/design/training.md, "Cost")
  EXPECT_NEAR(train_flops(c) / c.steps, 0.236e9, 0.001e9);
}

TEST(TrainSummary, MeansTheLastTenAndFlagsBlowUps) {
  std::vector<double> losses(20, 1.0);
  for (int i = 10; i < 20; ++i) losses[i] = 0.1 + 0.01 * (i - 10);
  TrainSummary s = summarize(Task::Regress, losses);
  EXPECT_NEAR(s.final_loss, 0.145, 1e-15);
  EXPECT_TRUE(s.trained);
  EXPECT_FALSE(s.diverged);
  s = summarize(Task::Regress, {0.5, 0.3});
  EXPECT_DOUBLE_EQ(s.final_loss, 0.4);
  EXPECT_FALSE(s.trained);
  s = summarize(Task::Char, {3.0, NAN, 0.1});
  EXPECT_TRUE(s.diverged);
  EXPECT_FALSE(s.trained);
  EXPECT_EQ(thrown_message([] { summarize(Task::Char, {}); }), "a summary needs at least one step's loss");
}

TEST(TrainValidate, RefusesWithReadableMessages) {
  auto message = [](TrainConfig c) { return thrown_message([&] { validate(c); }); };
  TrainConfig c;
  EXPECT_EQ(message(c), "(no exception)");
  c.steps = 0;
  EXPECT_EQ(message(c), "steps must be between 1 and 10000 (got 0)");
  c = TrainConfig{};
  c.warmup = -1;
  EXPECT_EQ(message(c), "warmup must be between 0 and 10000 steps (got -1)");
  c = TrainConfig{};
  c.adam.lr = NAN;
  EXPECT_EQ(message(c), "the learning rate must be a finite number, 0 or more");
  c = TrainConfig{};
  c.task = Task::Char;
  c.stack.T = 899;
  EXPECT_EQ(message(c), "the char task's windows must fit its 900-character text: T must be at most 898");
  c = TrainConfig{};
  c.stack.L = 1024, c.stack.d = 256;
  EXPECT_NE(message(c).find("reduce L, B, T or d"), std::string::npos) << message(c);
  EXPECT_EQ(thrown_message([] { task_from_name("chars"); }), "task must be regress or char (got \"chars\")");
}

TEST(TrainMemory, TheLargestLabModelFitsABrowserTab) {  // issue: d = 128, L = 96 must fit or say why not
  for (Task task : {Task::Regress, Task::Char}) {
    TrainConfig c;
    c.task = task;
    c.stack.d = 128, c.stack.L = 96;
    EXPECT_NO_THROW(validate(c)) << task_name(task);
    EXPECT_LT(train_memory_bytes(c), kMaxStackMemoryBytes);
    // every block's weights and both moments must be in the estimate
    EXPECT_GT(train_memory_bytes(c), 3 * 8 * c.stack.L * block_param_count(c.stack));
  }
}

}  // namespace
}  // namespace tk
