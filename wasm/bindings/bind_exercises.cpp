// JS entry points of the exercises (exercises.hpp): the key's inputs, seeded variants, solutions with
// mistakes and steps, grading, well-posedness. A value crosses as {rows, cols, values}, row-major; values
// arrive as an Array or a Float64Array (rows defaults to 1, cols to the count) and leave as a Float64Array.
// An error about one input reaches JS as an Error whose `input` names it (InputError).
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "convert.hpp"
#include "exercise_values.hpp"
#include "exercises.hpp"

namespace tk::js {
namespace {

val exercise_numbers() {
  return guarded([] {
    val out = val::array();
    for (int n : numeric_exercises()) out.call<void>("push", n);
    return out;
  });
}

// The largest seed the bindings take (convert.hpp): the page's check of a saved seed is the same range.
double largest_seed() { return kLargestSeed; }

val exercise_defaults_js(val n) {
  return guarded([&] { return to_js(exercise_defaults(exercise_number(n))); });
}

val exercise_variant_js(val n, val seed) {
  return guarded([&] { return to_js(exercise_variant(exercise_number(n), seed_from(seed))); });
}

val solve_exercise_js(val n, val inputs) {
  return guarded([&] {
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
  return guarded([&] {
    require(part.isString(), "part must be a string (a part id)");
    const ExerciseSolution s = solve_exercise(exercise_number(n), inputs_from(inputs));
    return grade_to_js(s, part.as<std::string>(), answer);
  });
}

// Several parts of one attempt graded against one solution of its numbers (the teachers' page grades a class's
// logs: one solve per attempt, not one per part). answers: {part: answer}; → {part: grade}, as gradePart's.
val grade_parts_js(val n, val inputs, val answers) {
  return guarded([&] {
    require(answers.typeOf().as<std::string>() == "object" && !answers.isNull(),
            "answers must be an object {part: answer}");
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
  return guarded([&] {
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
  emscripten::function("largestSeed", &tk::js::largest_seed);
}
