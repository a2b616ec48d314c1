// JS entry points of the training lab (train.hpp): a Trainer object stepped from JS, so a worker can stream
// every step's record as it finishes and stop after any step. Options follow TrainConfig's own field list
// (for_each_field in train.hpp); trainDefaults() reports the C++ defaults, so the page types none.
#include "config_fields.hpp"
#include "convert.hpp"
#include "train.hpp"

namespace tk::js {
namespace {

std::string prompt_arg(const val& prompt) {
  require(prompt.isString(), [&] { return "the prompt must be a string (got " + kind_of(prompt) + ")"; });
  return prompt.as<std::string>();
}

// The Embind class behind `new Module.Trainer(options)`; JS must call .delete() when done with it.
class JsTrainer {
 public:
  explicit JsTrainer(val options)
      : trainer_(guarded([&] { return Trainer(config_from<TrainConfig>(options)); }, kStackMemoryAdvice)) {}

  val step() {
    return guarded([&] { return result_to_js(trainer_.step()); }, kStackMemoryAdvice);
  }
  // {text, probabilities} of the char model as it is now (train.hpp CharSample)
  val sample(val prompt, val length) {
    return guarded(
        [&] { return result_to_js(trainer_.sample(prompt_arg(prompt), int(number_arg(length, "length")))); });
  }
  int steps_done() const { return trainer_.steps_done(); }
  bool finished() const { return trainer_.finished(); }

 private:
  Trainer trainer_;
};

val train_defaults() { return config_defaults<TrainConfig>(); }

// Throws the reader-facing message of validate(); returns the bytes a run needs.
double train_check(val options) {
  return guarded(
      [&] {
        const TrainConfig c = config_from<TrainConfig>(options);
        validate(c);
        return train_memory_bytes(c);
      },
      kStackMemoryAdvice);
}

// Throws the reader-facing message of a prompt the char model cannot read (before a worker retrains a run for it).
void train_check_sample(val prompt, val length) {
  guarded([&] {
    sample_prompt_ids(prompt_arg(prompt), int(number_arg(length, "length")));
    return 0;
  });
}

double train_flops_js(val options) {
  return guarded([&] {
    const TrainConfig c = config_from<TrainConfig>(options);
    validate(c);  // only a run that can start has a FLOP count (heads = 0 would divide by 0)
    return train_flops(c);
  });
}

Task task_arg(const val& task) {
  require(task.isString(), [&] { return "task must be a string, regress or char (got " + kind_of(task) + ")"; });
  return task_from_name(task.as<std::string>());
}

double train_threshold(val task) {
  return guarded([&] { return trained_threshold(task_arg(task)); });
}

val train_summary(val task, val losses) {
  return guarded([&] {
    const Task t = task_arg(task);
    const Vec v = to_vec(losses, "losses");
    return result_to_js(summarize(t, std::vector<double>(v.data(), v.data() + v.size())));
  });
}

}  // namespace
}  // namespace tk::js

EMSCRIPTEN_BINDINGS(train) {
  emscripten::constant("trainFinalWindow", tk::kFinalLossWindow);
  emscripten::constant("trainSamplePrompt", std::string(tk::kSamplePrompt));
  emscripten::constant("trainSampleChars", tk::kSampleChars);
  emscripten::constant("trainVocabulary", tk::training_vocabulary());
  emscripten::constant("trainText", tk::training_text());
  emscripten::constant("trainChanceLoss", tk::chance_loss());
  emscripten::function("trainDefaults", &tk::js::train_defaults);
  emscripten::function("trainCheck", &tk::js::train_check);
  emscripten::function("trainFlops", &tk::js::train_flops_js);
  emscripten::function("trainCheckSample", &tk::js::train_check_sample);
  emscripten::function("trainThreshold", &tk::js::train_threshold);
  emscripten::function("trainSummary", &tk::js::train_summary);
  emscripten::class_<tk::js::JsTrainer>("Trainer")
      .constructor<emscripten::val>()
      .function("step", &tk::js::JsTrainer::step)
      .function("sample", &tk::js::JsTrainer::sample)
      .function("stepsDone", &tk::js::JsTrainer::steps_done)
      .function("finished", &tk::js::JsTrainer::finished);
}
