// Formulas in the depth (see expr.hpp): a recursive-descent parser to postfix code, and its evaluation.
#include "expr.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>

#include "tensor.hpp"

namespace tk {

namespace {
constexpr std::size_t kMaxExprChars = 200;
constexpr int kMaxExprNesting = 40;
}  // namespace

std::string shortest_number(double v) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  char buf[32];
  for (int digits = 1; digits <= 17; ++digits) {
    std::snprintf(buf, sizeof buf, "%.*g", digits, v);
    if (std::strtod(buf, nullptr) == v) break;
  }
  return buf;
}

double expr_power(double x, double y) {
  if (y == 0.5) return std::sqrt(x);
  if (y == 0.25) return std::sqrt(std::sqrt(x));
  if (y == -0.5) return 1 / std::sqrt(x);
  if (y == -0.25) return 1 / std::sqrt(std::sqrt(x));
  return std::pow(x, y);
}

// Touvron et al., "Going deeper with Image Transformers" (CaiT, 2021): LayerScale's initial value 0.1 up to depth 18,
// 1e-5 at depth 24, 1e-6 deeper. The paper names no value for 19 to 23 blocks: 1e-5 there is this page's choice.
double cait_init(double L) { return L <= 18 ? 0.1 : L <= 24 ? 1e-5 : 1e-6; }

Expr::Expr(double value) : code_(std::make_shared<const Code>(Code{{{Op::Number, value}}, shortest_number(value)})) {}

class ExprParser {
 public:
  ExprParser(const std::string& text, bool allow_i) : allow_i_(allow_i) {
    for (char ch : text) {
      if (ch != ' ' && ch != '\t' && ch != '\n' && ch != '\r') s_ += ch;
    }
  }

  Expr parse() {
    Expr::Code code;
    out_ = &code.steps;
    if (s_.empty()) fail("it is empty: write a number or a formula in L (and i)");
    if (s_.size() > kMaxExprChars) fail("it is longer than " + std::to_string(kMaxExprChars) + " characters");
    expr();
    if (pos_ < s_.size()) fail(std::string("'") + s_[pos_] + "' cannot follow what comes before it");
    code.text = s_;
    Expr e;
    e.code_ = std::make_shared<const Expr::Code>(std::move(code));
    return e;
  }

 private:
  using Op = Expr::Op;

  [[noreturn]] void fail(const std::string& why) const {
    throw std::invalid_argument("cannot read \"" + s_ + "\" at character " + std::to_string(pos_ + 1) + ": " + why);
  }
  bool take(char ch) {
    if (pos_ < s_.size() && s_[pos_] == ch) {
      ++pos_;
      return true;
    }
    return false;
  }
  void emit(Op op, double number = 0) { out_->push_back({op, number}); }

  void expr() {
    term();
    for (;;) {
      if (take('+')) {
        term();
        emit(Op::Add);
      } else if (take('-')) {
        term();
        emit(Op::Subtract);
      } else {
        return;
      }
    }
  }
  void term() {
    unary();
    for (;;) {
      if (take('*')) {
        unary();
        emit(Op::Multiply);
      } else if (take('/')) {
        unary();
        emit(Op::Divide);
      } else {
        return;
      }
    }
  }
  // Nesting (parentheses, unary minus, exponents) is bounded, so a hostile formula cannot exhaust the stack.
  struct Nested {
    explicit Nested(ExprParser& p) : p(p) {
      if (++p.depth_ > kMaxExprNesting) p.fail("it nests deeper than " + std::to_string(kMaxExprNesting) + " levels");
    }
    ~Nested() { --p.depth_; }
    ExprParser& p;
  };
  void unary() {
    const Nested nested(*this);
    if (take('-')) {
      unary();
      emit(Op::Negate);
    } else {
      power();
    }
  }
  void power() {
    atom();
    if (take('^')) {
      unary();  // right to left, and an exponent may be negative: L^-0.5
      emit(Op::Power);
    }
  }
  void atom() {
    if (pos_ >= s_.size()) fail("it ends where a number, L, i, ( or sqrt( was expected");
    const char ch = s_[pos_];
    if ((ch >= '0' && ch <= '9') || ch == '.') return number();
    if (take('(')) {
      expr();
      if (!take(')')) fail("a ( is not closed");
      return;
    }
    if (take('L')) return emit(Op::L);
    if (s_[pos_] == 'i' && !(pos_ + 1 < s_.size() && s_[pos_ + 1] >= 'a' && s_[pos_ + 1] <= 'z')) {
      if (!allow_i_) fail("this value may use L only: it cannot change from block to block, so i has no meaning here");
      ++pos_;
      return emit(Op::I);
    }
    for (const auto& [name, op] : {std::pair<const char*, Op>{"sqrt", Op::Sqrt}, {"cait", Op::Cait}}) {
      const std::string call = std::string(name) + "(";
      if (s_.compare(pos_, call.size(), call) == 0) {
        pos_ += call.size();
        expr();
        if (!take(')')) fail(std::string("the ( of ") + name + "( is not closed");
        return emit(op);
      }
    }
    fail(std::string("'") + ch + "' is not a number, L, i, (, sqrt( or cait(");
  }
  void number() {
    const std::size_t start = pos_;
    while (pos_ < s_.size() && ((s_[pos_] >= '0' && s_[pos_] <= '9') || s_[pos_] == '.')) ++pos_;
    if (pos_ < s_.size() && (s_[pos_] == 'e' || s_[pos_] == 'E')) {
      std::size_t at = pos_ + 1;
      if (at < s_.size() && (s_[at] == '+' || s_[at] == '-')) ++at;
      if (at < s_.size() && s_[at] >= '0' && s_[at] <= '9') {
        pos_ = at;
        while (pos_ < s_.size() && s_[pos_] >= '0' && s_[pos_] <= '9') ++pos_;
      }
    }
    const std::string token = s_.substr(start, pos_ - start);
    char* end = nullptr;
    const double value = std::strtod(token.c_str(), &end);
    if (token == "." || end != token.c_str() + token.size()) {
      pos_ = start;
      fail("\"" + token + "\" is not a number");
    }
    if (!std::isfinite(value)) {
      pos_ = start;
      fail("\"" + token + "\" is beyond float64's range");
    }
    emit(Op::Number, value);
  }

  std::string s_;
  std::size_t pos_ = 0;
  int depth_ = 0;
  bool allow_i_;
  std::vector<Expr::Step>* out_ = nullptr;
};

Expr Expr::parse(const std::string& text, bool allow_i) { return ExprParser(text, allow_i).parse(); }

bool Expr::uses_i() const {
  for (const Step& s : code_->steps) {
    if (s.op == Op::I) return true;
  }
  return false;
}

double Expr::operator()(int L, int i) const {
  // the deepest a formula of a wiring's length needs; a longer one is still evaluated, on the heap
  double small[32] = {};
  std::vector<double> large;
  double* stack = small;
  const std::vector<Step>& code = code_->steps;
  if (code.size() > 32) {
    large.resize(code.size());
    stack = large.data();
  }
  std::size_t top = 0;
  for (const Step& s : code) {
    switch (s.op) {
      case Op::Number:
        stack[top++] = s.number;
        break;
      case Op::L:
        stack[top++] = L;
        break;
      case Op::I:
        stack[top++] = i;
        break;
      case Op::Negate:
        stack[top - 1] = -stack[top - 1];
        break;
      case Op::Sqrt:
        stack[top - 1] = std::sqrt(stack[top - 1]);
        break;
      case Op::Cait:
        stack[top - 1] = cait_init(stack[top - 1]);
        break;
      case Op::Add:
        --top, stack[top - 1] = stack[top - 1] + stack[top];
        break;
      case Op::Subtract:
        --top, stack[top - 1] = stack[top - 1] - stack[top];
        break;
      case Op::Multiply:
        --top, stack[top - 1] = stack[top - 1] * stack[top];
        break;
      case Op::Divide:
        --top, stack[top - 1] = stack[top - 1] / stack[top];
        break;
      case Op::Power:
        --top, stack[top - 1] = expr_power(stack[top - 1], stack[top]);
        break;
    }
  }
  return stack[0];
}

}  // namespace tk
