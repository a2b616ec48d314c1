// A wiring's constants as the reader writes them (wiring.hpp): a number, or a formula in the depth.
//
//   expr   := term (('+' | '-') term)*
//   term   := unary (('*' | '/') unary)*
//   unary  := '-' unary | power
//   power  := atom ('^' unary)?            '^' binds tightest and groups right to left: 2^3^2 = 2^9, 0.1*L^-0.5
//   atom   := number | 'L' | 'i' | name '(' expr ')' | '(' expr ')'
//   name   := 'sqrt' | 'cait'              cait(n): CaiT's LayerScale init for n blocks (0.1 up to 18, 1e-5 up to
//                                          24, 1e-6 beyond), the rule the layerscale preset keeps
// L is the number of blocks, i the block's 1-based index; a number is a decimal with an optional exponent (1e-5).
// Spaces may stand between the parts ("2 * L"), never inside one or in place of an operator: "1 0" is refused where
// the second part starts (it had been read as 10). Unary minus binds looser than '^' (-2^2 = -4), as in Python and
// in mathematics.
#pragma once

#include <memory>
#include <string>
#include <vector>

namespace tk {

class Expr {
 public:
  explicit Expr(double value = 0);  // a constant, written as its shortest decimal
  // Reads text; throws std::invalid_argument saying what it could not read and where (the character, counted as the
  // reader counts them, not in bytes), the text echoed as echo_text does. With allow_i false the formula may use L
  // only (a count of blocks cannot depend on the block).
  static Expr parse(const std::string& text, bool allow_i = true);

  double operator()(int L, int i) const;                   // its value for a stack of L blocks at block i (1-based)
  const std::string& text() const { return code_->text; }  // as written, without its spaces
  bool uses_i() const;

 private:
  enum class Op { Number, L, I, Negate, Add, Subtract, Multiply, Divide, Power, Sqrt, Cait };
  struct Step {
    Op op;
    double number;  // Op::Number's value
  };
  struct Code {
    std::vector<Step> steps;  // postfix: evaluated on a small stack
    std::string text;
  };
  // shared and never changed: a configuration holding formulas is copied before every run and every check, and a
  // copy allocates nothing
  std::shared_ptr<const Code> code_;
  friend class ExprParser;
};

// x^y as expressions evaluate it: y = ±1/2 and ±1/4 as square roots (correctly rounded everywhere, so DeepNorm's
// (2L)^(1/4) is the same number natively, in the browser and in PyTorch's math.sqrt), pow otherwise.
double expr_power(double x, double y);
// CaiT's LayerScale init by depth (Touvron et al. 2021 give 0.1 up to 18 blocks and 1e-5 at 24; 1e-5 for 19–23
// and 1e-6 beyond 24 are this chapter's choice).
double cait_init(double L);
// The shortest decimal that reads back as v ("0.25", "1e-05", "10", "inf"): how numbers appear in messages and texts.
// A whole number below 1e16 is written out ("10", never "1e+01").
std::string shortest_number(double v);

// Text a reader wrote, as a message echoes it: at most max_chars characters, cut on a character's boundary ("…"
// after a cut, so a message stays readable beside a field however long the text), each control or formatting
// character (a bidi override, a zero-width space, a tab) named as <U+202E>, and a byte that is not UTF-8 named as
// <byte 0xE2> (never half a character, which a browser shows as '�').
std::string echo_text(const std::string& text, std::size_t max_chars = 40);
// The 1-based character (not byte) at which byte `at` of text starts: where a message says it stopped reading.
std::size_t character_at(const std::string& text, std::size_t at);
// The one character of text that starts at byte `at`, named for a message: 'x' as it is, U+202E for a control or
// formatting character, "the byte 0xE2 (not UTF-8)" for one that is not a character; *bytes: its length in bytes.
std::string character_name(const std::string& text, std::size_t at, std::size_t* bytes = nullptr);

}  // namespace tk
