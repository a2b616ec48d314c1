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
  // %g writes a whole number with fewer digits than its magnitude in exponent form ("1e+01" for 10): written out
  if (v == std::floor(v) && std::fabs(v) < 1e16) std::snprintf(buf, sizeof buf, "%.0f", v);
  return buf;
}

namespace {

// One character of UTF-8 text at byte `at`: its code point and its length in bytes; a byte that does not start a
// well-formed sequence (a sequence cut short, an overlong form, a surrogate) is one "character" of code point -1.
struct Utf8Char {
  long code;
  std::size_t bytes;
};
Utf8Char utf8_at(const std::string& s, std::size_t at) {
  const auto byte = [&](std::size_t k) { return at + k < s.size() ? static_cast<unsigned char>(s[at + k]) : 0u; };
  const unsigned b0 = byte(0);
  if (b0 < 0x80) return {long(b0), 1};
  std::size_t n = 0;
  long code = 0;
  unsigned lo = 0x80, hi = 0xbf;  // the second byte's range (narrower after E0, ED, F0, F4)
  if (b0 >= 0xc2 && b0 <= 0xdf) n = 2, code = b0 & 0x1f;
  if (b0 >= 0xe0 && b0 <= 0xef) n = 3, code = b0 & 0x0f, lo = b0 == 0xe0 ? 0xa0 : 0x80, hi = b0 == 0xed ? 0x9f : 0xbf;
  if (b0 >= 0xf0 && b0 <= 0xf4) n = 4, code = b0 & 0x07, lo = b0 == 0xf0 ? 0x90 : 0x80, hi = b0 == 0xf4 ? 0x8f : 0xbf;
  if (n == 0) return {-1, 1};
  for (std::size_t k = 1; k < n; ++k) {
    const unsigned b = byte(k);
    if (b < (k == 1 ? lo : 0x80) || b > (k == 1 ? hi : 0xbf)) return {-1, 1};
    code = (code << 6) | long(b & 0x3f);
  }
  return {code, n};
}

// Characters a reader cannot see or that change how the text around them is shown: the C0 and C1 controls, the
// bidirectional overrides and isolates, zero-width and invisible characters, variation selectors, tags.
bool is_hidden(long c) {
  return c < 0x20 || (c >= 0x7f && c < 0xa0) || c == 0xad || c == 0x34f || c == 0x61c || c == 0x115f || c == 0x1160 ||
         c == 0x17b4 || c == 0x17b5 || (c >= 0x180b && c <= 0x180f) || (c >= 0x200b && c <= 0x200f) ||
         (c >= 0x2028 && c <= 0x202e) || (c >= 0x2060 && c <= 0x206f) || c == 0x3164 || (c >= 0xfe00 && c <= 0xfe0f) ||
         c == 0xfeff || c == 0xffa0 || (c >= 0xfff0 && c <= 0xfffb) || (c >= 0x1d173 && c <= 0x1d17a) ||
         (c >= 0xe0000 && c <= 0xe0fff);
}

std::string code_name(long c) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "U+%04lX", c);
  return buf;
}

std::string byte_name(const std::string& s, std::size_t at) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%02X", static_cast<unsigned char>(s[at]));
  return buf;
}

}  // namespace

std::string echo_text(const std::string& text, std::size_t max_chars) {
  std::string out;
  std::size_t shown = 0;
  for (std::size_t at = 0; at < text.size();) {
    if (shown == max_chars) return out + "…";
    const Utf8Char c = utf8_at(text, at);
    if (c.code < 0) {
      out += "<byte " + byte_name(text, at) + ">";
    } else if (is_hidden(c.code)) {
      out += "<" + code_name(c.code) + ">";
    } else {
      out.append(text, at, c.bytes);
    }
    at += c.bytes;
    ++shown;
  }
  return out;
}

std::size_t character_at(const std::string& text, std::size_t at) {
  std::size_t n = 1;
  for (std::size_t k = 0; k < at && k < text.size(); k += utf8_at(text, k).bytes) ++n;
  return n;
}

std::string character_name(const std::string& text, std::size_t at, std::size_t* bytes) {
  const Utf8Char c = utf8_at(text, at);
  if (bytes) *bytes = c.bytes;
  if (c.code < 0) return "the byte " + byte_name(text, at) + " (not UTF-8)";
  if (is_hidden(c.code)) return code_name(c.code);
  return "'" + text.substr(at, c.bytes) + "'";
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
  ExprParser(const std::string& text, bool allow_i) : s_(text), allow_i_(allow_i) {}

  Expr parse() {
    Expr::Code code;
    out_ = &code.steps;
    space();
    if (pos_ == s_.size()) fail("it is empty: write a number or a formula in L (and i)");
    if (character_at(s_, s_.size()) - 1 > kMaxExprChars) {
      pos_ = 0;
      fail("it is longer than " + std::to_string(kMaxExprChars) + " characters");
    }
    expr();
    space();
    if (pos_ < s_.size()) cannot_follow();
    // its text without the spaces between its parts (none stands inside a part: see cannot_follow)
    for (char ch : s_) {
      if (!is_space(ch)) code.text += ch;
    }
    Expr e;
    e.code_ = std::make_shared<const Expr::Code>(std::move(code));
    return e;
  }

 private:
  using Op = Expr::Op;

  static bool is_space(char ch) { return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r'; }
  static bool is_digit(char ch) { return ch >= '0' && ch <= '9'; }
  static bool is_letter(char ch) { return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || ch == '_'; }

  [[noreturn]] void fail(const std::string& why) const {
    throw std::invalid_argument("cannot read \"" + echo_text(s_) + "\" at character " +
                                std::to_string(character_at(s_, pos_)) + ": " + why);
  }
  // The part at pos_ (a number's digits, a word, or one character), for a message.
  std::string part_at(std::size_t at) const {
    std::size_t end = at;
    if (is_digit(s_[at]) || s_[at] == '.') {
      while (end < s_.size() && (is_digit(s_[end]) || s_[end] == '.')) ++end;
    } else if (is_letter(s_[at])) {
      while (end < s_.size() && is_letter(s_[end])) ++end;
    } else {
      return character_name(s_, at);
    }
    return "\"" + echo_text(s_.substr(at, end - at), 12) + "\"";
  }
  // What stands at pos_ after a whole formula has been read: an operand written after another with only spaces
  // between them ("1 0", "2 L") or an operator missing.
  [[noreturn]] void cannot_follow() {
    refuse_foreign();
    std::size_t before = pos_;
    while (before > 0 && is_space(s_[before - 1])) --before;
    const char ch = s_[pos_];
    if (before < pos_ && (is_digit(ch) || ch == '.' || is_letter(ch) || ch == '(')) {
      std::size_t start = before;
      while (start > 0 && (is_digit(s_[start - 1]) || s_[start - 1] == '.' || is_letter(s_[start - 1]))) --start;
      const std::string previous =
          start < before ? "\"" + echo_text(s_.substr(start, before - start), 12) + "\"" : "what comes before it";
      fail("only a space stands between " + previous + " and " + part_at(pos_) +
           ": a number is written without spaces, and two parts are joined by + - * / or ^");
    }
    fail(part_at(pos_) + " cannot follow what comes before it");
  }
  // A character no formula holds: a control or formatting character (a bidi override), or any beyond ASCII.
  void refuse_foreign() const {
    const auto b = static_cast<unsigned char>(s_[pos_]);
    if (b >= 0x20 && b < 0x7f) return;
    fail(character_name(s_, pos_) +
         " cannot be in a formula, which is written in plain ASCII: digits, L, i, + - * / ^, parentheses, sqrt, cait");
  }
  void space() {
    while (pos_ < s_.size() && is_space(s_[pos_])) ++pos_;
  }
  bool take(char ch) {
    space();
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
    space();
    if (pos_ >= s_.size()) fail("it ends where a number, L, i, ( or sqrt( was expected");
    const char ch = s_[pos_];
    if (is_digit(ch) || ch == '.') return number();
    if (take('(')) {
      expr();
      if (!take(')')) fail("a ( is not closed");
      return;
    }
    refuse_foreign();
    if (!is_letter(ch)) fail(character_name(s_, pos_) + " is not a number, L, i, (, sqrt( or cait(");
    const std::size_t start = pos_;
    std::size_t end = pos_;
    while (end < s_.size() && is_letter(s_[end])) ++end;
    const std::string word = s_.substr(start, end - start);
    if (word == "L") return pos_ = end, emit(Op::L);
    if (word == "i") {
      if (!allow_i_) fail("this value may use L only: it cannot change from block to block, so i has no meaning here");
      return pos_ = end, emit(Op::I);
    }
    for (const auto& [name, op] : {std::pair<const char*, Op>{"sqrt", Op::Sqrt}, {"cait", Op::Cait}}) {
      if (word != name) continue;
      pos_ = end;
      if (!take('(')) fail(std::string(name) + " is written with its argument in parentheses: " + name + "(…)");
      expr();
      if (!take(')')) fail(std::string("the ( of ") + name + "( is not closed");
      return emit(op);
    }
    fail("\"" + echo_text(word, 12) + "\" is not a number, L, i, (, sqrt( or cait(");
  }
  void number() {
    const std::size_t start = pos_;
    while (pos_ < s_.size() && (is_digit(s_[pos_]) || s_[pos_] == '.')) ++pos_;
    if (pos_ < s_.size() && (s_[pos_] == 'e' || s_[pos_] == 'E')) {
      std::size_t at = pos_ + 1;
      if (at < s_.size() && (s_[at] == '+' || s_[at] == '-')) ++at;
      if (at < s_.size() && is_digit(s_[at])) {
        pos_ = at;
        while (pos_ < s_.size() && is_digit(s_[pos_])) ++pos_;
      }
    }
    const std::string token = s_.substr(start, pos_ - start);
    char* end = nullptr;
    const double value = std::strtod(token.c_str(), &end);
    if (token == "." || end != token.c_str() + token.size()) {
      pos_ = start;
      fail("\"" + echo_text(token, 24) + "\" is not a number");
    }
    if (!std::isfinite(value)) {
      pos_ = start;
      fail("\"" + echo_text(token, 24) + "\" is beyond float64's range");
    }
    emit(Op::Number, value);
  }

  const std::string& s_;
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
