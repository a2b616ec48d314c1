// JS entry points of the exercises (exercises.hpp): the key's inputs, seeded variants, solutions with
// mistakes and steps, grading, well-posedness. A value crosses as {rows, cols, values}, row-major; values
// arrive as an Array or a Float64Array (rows defaults to 1, cols to the count) and leave as a Float64Array.
// An error about one input reaches JS as an Error whose `input` names it (InputError).
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "convert.hpp"
#include "exercises.hpp"

namespace tk::js {
namespace {

int exercise_number(const val& n) { return whole_arg(n, "the exercise number"); }

// Seeds are JS numbers: whole, 0 … 2^53, all exact in a double.
std::uint64_t seed_from(const val& v) {
  const double seed = number_arg(v, "seed");
  require(seed == std::floor(seed) && seed >= 0 && seed <= 9007199254740992.0, "seed must be a whole number from 0 to 2^53");
  return std::uint64_t(seed);
}

// The most numbers one value may hold: the exercises' largest matrix is 16 × 16.
constexpr double kMaxValueNumbers = 4096;

// As guarded() (convert.hpp), and an InputError's input name travels on the Error as `input`.
template <class F>
auto guarded_inputs(F&& f) -> decltype(f()) {
  std::string message, input;
  try {
    return f();
  } catch (const InputError& e) {
    message = e.what();
    input = e.input;
  } catch (...) {
    message = current_error_message("use smaller numbers");
  }
  val error = val::global("Error").new_(message);
  if (!input.empty()) error.set("input", input);
  error.throw_();
}

ExerciseValue value_from(const val& v, const std::string& name) {
  require(v.typeOf().as<std::string>() == "object" && !v.isNull(), [&] { return name + " must be an object {rows, cols, values}"; });
  ExerciseValue out;
  out.values = numbers_arg(v["values"], name + ".values", kMaxValueNumbers);
  out.rows = int_field(v, "rows", 1);
  out.cols = int_field(v, "cols", int(out.values.size()));
  return out;
}

ExerciseInputs inputs_from(const val& inputs) {
  require(inputs.typeOf().as<std::string>() == "object" && !inputs.isNull(), "inputs must be an object {name: {rows, cols, values}}");
  ExerciseInputs out;
  const val keys = val::global("Object").call<val>("keys", inputs);
  const int count = keys["length"].as<int>();
  for (int i = 0; i < count; ++i) {
    const std::string name = keys[i].as<std::string>();
    out[name] = value_from(inputs[name], name);
  }
  return out;
}

val to_js(const ExerciseValue& v) {
  val out = val::object();
  out.set("rows", v.rows);
  out.set("cols", v.cols);
  out.set("values", tk::js::to_js(v.values.data(), Eigen::Index(v.values.size())));
  return out;
}

val to_js(const std::map<std::string, ExerciseValue>& values) {
  val out = val::object();
  for (const auto& [name, value] : values) out.set(name, to_js(value));
  return out;
}

val exercise_numbers() {
  return guarded([] {
    val out = val::array();
    for (int n : numeric_exercises()) out.call<void>("push", n);
    return out;
  });
}

val exercise_defaults_js(val n) {
  return guarded([&] { return to_js(exercise_defaults(exercise_number(n))); });
}

val exercise_variant_js(val n, val seed) {
  return guarded([&] { return to_js(exercise_variant(exercise_number(n), seed_from(seed))); });
}

val solve_exercise_js(val n, val inputs) {
  return guarded_inputs([&] {
    const int number = exercise_number(n);
    const ExerciseSolution s = solve_exercise(number, inputs_from(inputs));
    val parts = val::array();
    for (const ExercisePart& p : s.parts) {
      val part = val::object();
      part.set("id", p.id);
      part.set("rows", p.answer.rows);
      part.set("cols", p.answer.cols);
      part.set("answer", to_js(p.answer)["values"]);
      part.set("atol", p.atol);
      part.set("rtol", p.rtol);
      parts.call<void>("push", part);
    }
    val mistakes = val::array();
    for (const Misconception& m : s.misconceptions) {
      val mistake = val::object();
      mistake.set("id", m.id);
      mistake.set("part", m.part);
      mistake.set("rows", m.value.rows);
      mistake.set("cols", m.value.cols);
      mistake.set("value", to_js(m.value)["values"]);
      mistakes.call<void>("push", mistake);
    }
    val out = val::object();
    out.set("parts", parts);
    out.set("misconceptions", mistakes);
    out.set("steps", to_js(s.steps));
    out.set("problem", check_well_posed(number, s));
    return out;
  });
}

// A part's answer from JS ({rows, cols, values, ulp?}; ulp: one unit in the last digit typed, per entry, 0 for an
// exact expression), graded against a solution.
val grade_to_js(const ExerciseSolution& s, const std::string& part, const val& answer) {
  std::vector<double> ulp;
  if (answer.typeOf().as<std::string>() == "object" && !answer.isNull() && has_field(answer, "ulp")) {
    ulp = numbers_arg(answer["ulp"], "answer.ulp", kMaxValueNumbers);
  }
  const Grade g = grade_part(s, part, value_from(answer, "answer"), ulp);
  val entry_ok = val::array();
  for (bool ok : g.entry_ok) entry_ok.call<void>("push", ok);
  val out = val::object();
  out.set("correct", g.correct);
  out.set("shapeOk", g.shape_ok);
  out.set("message", g.message);
  out.set("entryOk", entry_ok);
  out.set("lo", tk::js::to_js(g.lo.data(), Eigen::Index(g.lo.size())));
  out.set("hi", tk::js::to_js(g.hi.data(), Eigen::Index(g.hi.size())));
  out.set("misconception", g.misconception);
  out.set("moreDigits", g.more_digits);
  out.set("digitsNeeded", g.digits_needed);
  return out;
}

val grade_part_js(val n, val inputs, val part, val answer) {
  return guarded_inputs([&] {
    require(part.isString(), "part must be a string (a part id)");
    const ExerciseSolution s = solve_exercise(exercise_number(n), inputs_from(inputs));
    return grade_to_js(s, part.as<std::string>(), answer);
  });
}

// Several parts of one attempt graded against one solution of its numbers (the teachers' page grades a class's
// logs: one solve per attempt, not one per part). answers: {part: answer}; → {part: grade}, as gradePart's.
val grade_parts_js(val n, val inputs, val answers) {
  return guarded_inputs([&] {
    require(answers.typeOf().as<std::string>() == "object" && !answers.isNull(), "answers must be an object {part: answer}");
    const ExerciseSolution s = solve_exercise(exercise_number(n), inputs_from(inputs));
    const val keys = val::global("Object").call<val>("keys", answers);
    const int count = keys["length"].as<int>();
    val out = val::object();
    for (int i = 0; i < count; ++i) {
      const std::string part = keys[i].as<std::string>();
      out.set(part, grade_to_js(s, part, answers[part]));
    }
    return out;
  });
}

std::string check_well_posed_js(val n, val inputs) {
  return guarded_inputs([&] {
    const int number = exercise_number(n);
    return check_well_posed(number, solve_exercise(number, inputs_from(inputs)));
  });
}

}  // namespace
}  // namespace tk::js

EMSCRIPTEN_BINDINGS(exercises) {
  emscripten::function("exerciseNumbers", &tk::js::exercise_numbers);
  emscripten::function("exerciseDefaults", &tk::js::exercise_defaults_js);
  emscripten::function("exerciseVariant", &tk::js::exercise_variant_js);
  emscripten::function("solveExercise", &tk::js::solve_exercise_js);
  emscripten::function("gradePart", &tk::js::grade_part_js);
  emscripten::function("gradeParts", &tk::js::grade_parts_js);
  emscripten::function("checkWellPosed", &tk::js::check_well_posed_js);
}
