// The machinery every exercise is built from (see exercise_kit.hpp): values, the reader of inputs, the
// builder, mistakes a grader can tell apart, dice, and LayerNorm pieces shared by several exercises.
#include "exercise_kit.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace tk::exercise {

// ---- Values ----

Value number(double v) { return Value{1, 1, {v}}; }
Value row_of(const Vec& v) { return Value{1, int(v.size()), std::vector<double>(v.data(), v.data() + v.size())}; }
Value row_from(const std::vector<double>& v) { return Value{1, int(v.size()), v}; }
Value matrix_of(const Mat& m) {
  return Value{int(m.rows()), int(m.cols()), std::vector<double>(m.data(), m.data() + m.size())};
}
Vec vec_of(const Value& v) { return Eigen::Map<const Vec>(v.values.data(), Eigen::Index(v.values.size())); }

bool all_finite(const Value& v) {
  return std::all_of(v.values.begin(), v.values.end(), [](double x) { return std::isfinite(x); });
}

bool is_constant(const std::vector<double>& v) {
  return std::all_of(v.begin(), v.end(), [&](double x) { return x == v.front(); });
}

std::string fmt(double v) {
  if (v == 0) return "0";  // also −0
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6g", v);
  return buf;
}

std::string fmt(const Value& v) {
  if (v.values.size() == 1) return fmt(v.values[0]);
  std::string out = "[";
  for (int i = 0; i < v.rows; ++i) {
    if (v.rows > 1) out += i ? ", [" : "[";
    for (int j = 0; j < v.cols; ++j) out += (j ? ", " : "") + fmt(v.values[size_t(i) * size_t(v.cols) + size_t(j)]);
    if (v.rows > 1) out += "]";
  }
  return out + "]";
}

std::string join(const std::vector<std::string>& names) {
  std::string out;
  for (size_t i = 0; i < names.size(); ++i) out += (i ? ", " : "") + names[i];
  return out;
}

std::string plural(size_t count, const std::string& what) {
  return std::to_string(count) + " " + what + (count == 1 ? "" : "s");
}

// ---- Reader ----

namespace {
void require_input(bool ok, const std::string& name, const std::string& message) {
  if (!ok) throw InputError(name, message);
}

// An input's name as its exercise writes it (the page labels the eps field ε): messages read as the question.
std::string shown(const std::string& name) {
  static const std::pair<const char*, const char*> symbols[] = {{"eps", "ε"},
                                                                {"delta", "δ"},
                                                                {"sigma2_deep", "σ² of the deep stack"},
                                                                {"sigma2_shallow", "σ² of the shallow stack"}};
  for (const auto& [key, symbol] : symbols) {
    if (name == key) return symbol;
  }
  return name;
}
}  // namespace

Reader::Reader(int exercise, const ExerciseInputs& inputs, std::vector<std::string> names) : inputs_(inputs) {
  for (const auto& entry : inputs) {
    require_input(std::find(names.begin(), names.end(), entry.first) != names.end(), entry.first,
                  "exercise " + std::to_string(exercise) + " has no input '" + entry.first + "' (its inputs are " +
                      join(names) + ")");
  }
}

const Value& Reader::value(const std::string& name) const {
  const auto it = inputs_.find(name);
  require_input(it != inputs_.end(), name, "missing input '" + name + "'");
  const Value& v = it->second;
  require_input(!v.values.empty(), name, name + " is empty: enter a number");
  require_input(v.rows >= 1 && v.cols >= 1 && v.values.size() == size_t(v.rows) * size_t(v.cols), name,
                name + " is declared " + std::to_string(v.rows) + "x" + std::to_string(v.cols) + " but holds " +
                    plural(v.values.size(), "number"));
  for (size_t i = 0; i < v.values.size(); ++i) {
    require_input(std::isfinite(v.values[i]), name,
                  name + " must contain only finite numbers" +
                      (v.values.size() > 1 ? " (entry " + std::to_string(i + 1) + " is not)" : ""));
  }
  return v;
}

double Reader::scalar(const std::string& name) const {
  const Value& v = value(name);
  require_input(v.values.size() == 1, name,
                name + " must be a single number, got " + plural(v.values.size(), "number"));
  return v.values[0];
}

double Reader::non_negative(const std::string& name, const std::string& why) const {
  const double v = scalar(name);
  require_input(v >= 0, name, shown(name) + " must be 0 or more (" + why + "), got " + fmt(v));
  return v;
}

int Reader::whole(const std::string& name, int lo, int hi) const {
  const double v = scalar(name);
  require_input(
      v == std::floor(v) && v >= lo && v <= hi, name,
      name + " must be a whole number from " + std::to_string(lo) + " to " + std::to_string(hi) + ", got " + fmt(v));
  return int(v);
}

Vec Reader::vector(const std::string& name, int min_d, int max_d, const std::string& why_min) const {
  const Value& v = value(name);
  require_input(v.rows == 1 || v.cols == 1, name,
                name + " must be a vector (one row of numbers), got a " + std::to_string(v.rows) + "x" +
                    std::to_string(v.cols) + " matrix");
  const int d = int(v.values.size());
  require_input(d >= min_d, name,
                name + " needs at least " + plural(size_t(min_d), "number") +
                    (why_min.empty() ? "" : " (" + why_min + ")") + ", got " + std::to_string(d));
  require_input(d <= max_d, name,
                name + " may have at most " + std::to_string(max_d) + " numbers, got " + std::to_string(d));
  return vec_of(v);
}

Vec Reader::non_negative_entries(const std::string& name, int min_d, int max_d, const std::string& why) const {
  Vec v = vector(name, min_d, max_d);
  for (Eigen::Index i = 0; i < v.size(); ++i) {
    if (v(i) >= 0) continue;
    std::string message = name;
    message += " holds " + why + ", which are >= 0: entry " + std::to_string(i + 1) + " is " + fmt(v(i));
    require_input(false, name, message);
  }
  return v;
}

Mat Reader::square(const std::string& name, int min_d, int max_d) const {
  const Value& v = value(name);
  require_input(v.rows == v.cols, name,
                name + " must be a square matrix, got " + std::to_string(v.rows) + " rows of " +
                    plural(size_t(v.cols), "number"));
  require_input(v.rows >= min_d && v.rows <= max_d, name,
                name + " must have " + std::to_string(min_d) + " to " + std::to_string(max_d) + " rows, got " +
                    std::to_string(v.rows));
  return Eigen::Map<const Mat>(v.values.data(), v.rows, v.cols);
}

void Reader::same_size(const Vec& a, const std::string& a_name, const Vec& b, const std::string& b_name) const {
  require_input(a.size() == b.size(), b_name,
                b_name + " has " + plural(size_t(b.size()), "number") + ", " + a_name + " has " +
                    std::to_string(a.size()) + ": they must match");
}

// ---- Builder and the mistakes a grader can tell apart ----

void Builder::part(const std::string& id, Value answer, double atol, double rtol) {
  s_.parts.push_back(ExercisePart{id, std::move(answer), atol, rtol});
}

bool Builder::mistake(const std::string& id, const std::string& part, Value value) {
  if (!all_finite(value)) return false;
  s_.misconceptions.push_back(Misconception{id, part, std::move(value)});
  return true;
}

void Builder::layernorm_steps(const LayerNormSteps& st) {
  step("mean", number(st.mean));
  step("deviations", row_of(st.deviations));
  step("squares", row_of(st.squares));
  step("variance", number(st.variance));
  step("sigma", number(st.sigma));
  step("zhat", row_of(st.zhat));
}

const ExercisePart* find_part(const ExerciseSolution& s, const std::string& id) {
  for (const ExercisePart& p : s.parts) {
    if (p.id == id) return &p;
  }
  return nullptr;
}

double tolerance(const ExercisePart& p, double right) { return p.atol + p.rtol * std::abs(right); }

double distance_in_tolerances(const ExercisePart& p, const Value& value) {
  if (value.values.size() != p.answer.values.size()) return INFINITY;
  double worst = 0;
  for (size_t i = 0; i < value.values.size(); ++i) {
    const double right = p.answer.values[i];
    const double gap = std::abs(value.values[i] - right);
    if (std::isnan(gap)) return INFINITY;
    worst = std::max(worst, gap / tolerance(p, right));
  }
  return worst;
}

ExerciseSolution distinguishable_only(ExerciseSolution s) {
  std::vector<Misconception> kept;
  for (Misconception& m : s.misconceptions) {
    const ExercisePart* p = find_part(s, m.part);
    if (p && distance_in_tolerances(*p, m.value) > 1) kept.push_back(std::move(m));
  }
  s.misconceptions = std::move(kept);
  return s;
}

bool mistakes_apart(const ExerciseSolution& s) {
  for (size_t i = 0; i < s.misconceptions.size(); ++i) {
    for (size_t j = i + 1; j < s.misconceptions.size(); ++j) {
      const Misconception& a = s.misconceptions[i];
      const Misconception& b = s.misconceptions[j];
      if (a.part != b.part) continue;
      ExercisePart as_if_right = *find_part(s, a.part);
      as_if_right.answer = a.value;
      if (!(distance_in_tolerances(as_if_right, b.value) > 2)) return false;
    }
  }
  return true;
}

// ---- Dice helpers ----

std::vector<double> integers_with_integer_mean(Dice& dice, int d, int lo, int hi) {
  for (;;) {
    std::vector<double> x(static_cast<size_t>(d));
    int sum = 0;
    for (double& v : x) sum += int(v = dice.integer(lo, hi));
    if (sum % d == 0 && !is_constant(x)) return x;
  }
}

double nice_variance(Dice& dice, int count) {
  constexpr double kNice[kNiceVarianceCount] = {0.25, 1, 2.25, 4, 6.25, 9, 16, 25};  // perfect and quarter squares
  return kNice[dice.integer(0, std::min(count, kNiceVarianceCount) - 1)];
}

// ---- LayerNorm pieces ----

LayerNormSteps plain_layernorm(const Vec& x, double eps) {
  return layernorm_steps(x, Vec::Ones(x.size()), Vec::Zero(x.size()), eps);
}

LayerNormSteps steps_in_range(const LayerNormSteps& st) {
  require(!std::isinf(st.variance),
          "the variance overflows float64: the entries are too far apart (keep them below about 1e150)");
  require(st.unit == 1,
          "the variance underflows float64: the entries are too close together for their squares "
          "(keep their differences above about 1e-150)");
  return st;
}

PostLnStream post_ln_stream(const Vec& b, int n) {
  const Eigen::Index d = b.size();
  PostLnStream s{Mat(n, d), Mat(n, d), Vec(n), Vec(n)};
  Vec x = Vec::Zero(d);
  for (int k = 0; k < n; ++k) {
    const Vec sum = x + b;
    if (!sum.allFinite()) {  // an earlier LN was 0/0 (b constant): the rest of the stream is undefined too
      s.x.bottomRows(n - k).setConstant(NAN);
      s.sums.bottomRows(n - k).setConstant(NAN);
      s.mean.tail(n - k).setConstant(NAN);
      s.sigma.tail(n - k).setConstant(NAN);
      break;
    }
    const LayerNormSteps st = steps_in_range(plain_layernorm(sum, 0.0));
    x = st.y;
    s.x.row(k) = x.transpose();
    s.sums.row(k) = sum.transpose();
    s.mean(k) = st.mean;
    s.sigma(k) = st.sigma;
  }
  return s;
}

std::string variance_problem(double mean, double variance, const std::string& what) {
  constexpr double kNearZeroVariance = 0.05;
  const double scale = std::min(1.0, variance + mean * mean);  // mean of squares, but never more than 1
  if (variance == 0) {
    return "all entries of " + what +
           " are equal, so σ² = 0: there is nothing to normalise, and with ε = 0 LayerNorm "
           "divides 0 by 0 (exercise 7 is about this case)";
  }
  if (!(variance >= kNearZeroVariance * scale)) {
    return "the entries of " + what + " are nearly equal (σ² = " + fmt(variance) +
           "): LayerNorm would blow tiny differences up, so rounding in your working would swing the answer";
  }
  return "";
}

std::string variance_problem(const Vec& v, const std::string& what) {
  const double mean = v.mean();
  return variance_problem(mean, (v.array() - mean).square().sum() / double(v.size()), what);
}

double scalar_step(const ExerciseSolution& s, const std::string& name) { return s.steps.at(name).values.at(0); }

}  // namespace tk::exercise
