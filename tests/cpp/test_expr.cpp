// Formulas in the depth (expr.cpp): the grammar's precedence and grouping, the exact roots DeepNorm's constants
// rely on, and a message that says where a formula cannot be read.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "check.hpp"
#include "expr.hpp"

namespace tk {
namespace {

using test::thrown_message;

double at(const std::string& text, int L = 24, int i = 3) { return Expr::parse(text)(L, i); }

TEST(Expr, NumbersAndTheTwoVariables) {
  EXPECT_EQ(at("2"), 2);
  EXPECT_EQ(at("0.25"), 0.25);
  EXPECT_EQ(at("1e-5"), 1e-5);
  EXPECT_EQ(at("2.5E+2"), 250);
  EXPECT_EQ(at(".5"), 0.5);
  EXPECT_EQ(at("L"), 24);
  EXPECT_EQ(at("i"), 3);
  EXPECT_EQ(at(" 2 * L "), 48);
  EXPECT_EQ(Expr::parse(" 2 * L ").text(), "2*L");  // its text without spaces
  EXPECT_EQ(Expr(0.1).text(), "0.1");               // a constant as its shortest decimal
  EXPECT_EQ(Expr(1e-5).text(), "1e-05");
  EXPECT_EQ(at("sqrt (16)"), 4);  // a space may stand between the parts, a call's ( included
  EXPECT_EQ(at("2\t*\nL"), 48);
}

// Issue 52: every space was deleted before reading, so "1 0" was read as 10 (and "2 L" as 2L, refused far from
// where the reader erred); a space between two parts is refused where the second starts
TEST(Expr, ASpaceNeverJoinsTwoParts) {
  const auto message = [](const std::string& text) { return thrown_message([&] { Expr::parse(text); }); };
  EXPECT_EQ(message("1 0"),
            "cannot read \"1 0\" at character 3: only a space stands between \"1\" and \"0\": a number is written "
            "without spaces, and two parts are joined by + - * / or ^");
  EXPECT_EQ(message("2 L").rfind("cannot read \"2 L\" at character 3: only a space stands between \"2\" and \"L\"", 0),
            0u);
  EXPECT_EQ(message("(1) (2)").rfind("cannot read \"(1) (2)\" at character 5: only a space stands between what comes "
                                     "before it and '('",
                                     0),
            0u);
  EXPECT_EQ(message("1.5 e3").rfind("cannot read \"1.5 e3\" at character 5: only a space stands between \"1.5\" and "
                                    "\"e\"",
                                    0),
            0u);
  EXPECT_EQ(message("sq rt(2)"),
            "cannot read \"sq rt(2)\" at character 1: \"sq\" is not a number, L, i, (, sqrt( or cait(");
}

// Issue 52: a message echoed the formula whole (2,000 characters beside a field) and named a character by its
// first byte (half a bidi override, shown as '�')
TEST(Expr, MessagesEchoAReadableCut) {
  const auto message = [](const std::string& text) { return thrown_message([&] { Expr::parse(text); }); };
  EXPECT_EQ(message("1\u202e"),
            "cannot read \"1<U+202E>\" at character 2: U+202E cannot be in a formula, which is written in plain "
            "ASCII: digits, L, i, + - * / ^, parentheses, sqrt, cait");
  EXPECT_EQ(
      message("2*\xc3\xa9").rfind("cannot read \"2*\xc3\xa9\" at character 3: '\xc3\xa9' cannot be in a formula", 0),
      0u);
  EXPECT_EQ(
      message("2*\xe2").rfind("cannot read \"2*<byte 0xE2>\" at character 3: the byte 0xE2 (not UTF-8) cannot", 0), 0u);
  const std::string deep = std::string(1000, '(') + "1" + std::string(1000, ')');
  EXPECT_EQ(message(deep),
            "cannot read \"" + std::string(40, '(') + "…\" at character 1: it is longer than 200 characters");
  const std::string nested = std::string(60, '(') + "1" + std::string(60, ')');
  EXPECT_EQ(message(nested),
            "cannot read \"" + std::string(40, '(') + "…\" at character 41: it nests deeper than 40 levels");
}

TEST(Expr, EchoText) {
  EXPECT_EQ(echo_text("2*L"), "2*L");
  EXPECT_EQ(echo_text("a\u202eb\tc"), "a<U+202E>b<U+0009>c");
  EXPECT_EQ(echo_text("\xef\xbb\xbf\xe2\x80\x8b"), "<U+FEFF><U+200B>");
  EXPECT_EQ(echo_text("\xe2\x80"), "<byte 0xE2><byte 0x80>");                 // a character cut in half
  EXPECT_EQ(echo_text("\xed\xa0\x80"), "<byte 0xED><byte 0xA0><byte 0x80>");  // a surrogate is not UTF-8
  EXPECT_EQ(echo_text("αβγδ", 2), "αβ…");                                     // cut on a character's boundary
  EXPECT_EQ(echo_text(std::string(40, 'x')), std::string(40, 'x'));
  EXPECT_EQ(echo_text(std::string(41, 'x')), std::string(40, 'x') + "…");
  EXPECT_EQ(character_at("αβ1", 4), 3u);
}

// Issue 52: 10 was echoed as "1e+01"
TEST(Expr, ShortestNumberWritesWholeNumbersOut) {
  EXPECT_EQ(shortest_number(10), "10");
  EXPECT_EQ(shortest_number(-300), "-300");
  EXPECT_EQ(shortest_number(1e15), "1000000000000000");
  EXPECT_EQ(shortest_number(1e20), "1e+20");
  EXPECT_EQ(shortest_number(0.25), "0.25");
  EXPECT_EQ(shortest_number(1e-5), "1e-05");
  EXPECT_EQ(shortest_number(0), "0");
}

TEST(Expr, PrecedenceAndGrouping) {
  EXPECT_EQ(at("1+2*3"), 7);
  EXPECT_EQ(at("(1+2)*3"), 9);
  EXPECT_EQ(at("8/2/2"), 2);  // left to right
  EXPECT_EQ(at("8-2-2"), 4);
  EXPECT_EQ(at("2^3^2"), 512);  // right to left: 2^(3^2)
  EXPECT_EQ(at("-2^2"), -4);    // the minus applies to the power
  EXPECT_EQ(at("(-2)^2"), 4);
  EXPECT_EQ(at("2^-1"), 0.5);  // an exponent may carry its own minus
  EXPECT_EQ(at("--3"), 3);
  EXPECT_DOUBLE_EQ(at("0.1*L^-0.5", 16), 0.025);
  EXPECT_EQ(at("3*2^2"), 12);  // ^ before *
  EXPECT_EQ(at("sqrt(16)+1"), 5);
  EXPECT_EQ(at("1/sqrt(i)", 24, 4), 0.5);
}

TEST(Expr, QuarterAndHalfPowersAreSquareRoots) {
  // DeepNorm's constants: (2L)^(1/4) as two correctly rounded square roots, the same bits on every platform
  for (int L : {1, 6, 24, 48, 96, 1000}) {
    EXPECT_EQ(at("(2*L)^0.25", L), std::sqrt(std::sqrt(2.0 * L))) << L;
    EXPECT_EQ(at("(8*L)^0.25", L), std::sqrt(std::sqrt(8.0 * L))) << L;
    EXPECT_EQ(at("L^0.5", L), std::sqrt(double(L))) << L;
    EXPECT_EQ(at("L^-0.5", L), 1 / std::sqrt(double(L))) << L;
    EXPECT_EQ(at("L^-0.25", L), 1 / std::sqrt(std::sqrt(double(L)))) << L;
  }
  EXPECT_EQ(expr_power(2, 3), 8);
  EXPECT_DOUBLE_EQ(expr_power(2, 1.5), std::pow(2.0, 1.5));
}

TEST(Expr, CaitsRuleByDepth) {
  EXPECT_EQ(at("cait(L)", 6), 0.1);
  EXPECT_EQ(at("cait(L)", 18), 0.1);
  EXPECT_EQ(at("cait(L)", 19), 1e-5);
  EXPECT_EQ(at("cait(L)", 24), 1e-5);
  EXPECT_EQ(at("cait(L)", 25), 1e-6);
  EXPECT_EQ(at("cait(L)", 96), 1e-6);
}

TEST(Expr, WhatCannotBeEvaluatedIsNotFiniteNotAnError) {
  // the stack's check names the key and the block (wiring.cpp); the formula itself just computes
  EXPECT_TRUE(std::isinf(at("1/(i-3)", 24, 3)));
  EXPECT_TRUE(std::isnan(at("sqrt(-1)")));
  EXPECT_TRUE(std::isinf(at("10^400")));
}

TEST(Expr, UsesI) {
  EXPECT_TRUE(Expr::parse("1/sqrt(i)").uses_i());
  EXPECT_FALSE(Expr::parse("L/4").uses_i());
  EXPECT_FALSE(Expr(3).uses_i());
}

TEST(Expr, SaysWhereItCannotRead) {
  const auto message = [](const std::string& text, bool allow_i = true) {
    return thrown_message([&] { Expr::parse(text, allow_i); });
  };
  EXPECT_EQ(message(""), "cannot read \"\" at character 1: it is empty: write a number or a formula in L (and i)");
  EXPECT_EQ(message("2*"), "cannot read \"2*\" at character 3: it ends where a number, L, i, ( or sqrt( was expected");
  EXPECT_EQ(message("(2*L"), "cannot read \"(2*L\" at character 5: a ( is not closed");
  EXPECT_EQ(message("2L"), "cannot read \"2L\" at character 2: \"L\" cannot follow what comes before it");
  EXPECT_EQ(message("x+1"), "cannot read \"x+1\" at character 1: \"x\" is not a number, L, i, (, sqrt( or cait(");
  EXPECT_EQ(message("log(L)"),
            "cannot read \"log(L)\" at character 1: \"log\" is not a number, L, i, (, sqrt( or cait(");
  EXPECT_EQ(message("sqrt 2"),
            "cannot read \"sqrt 2\" at character 6: sqrt is written with its argument in parentheses: sqrt(…)");
  EXPECT_EQ(message("1..2"), "cannot read \"1..2\" at character 1: \"1..2\" is not a number");
  EXPECT_EQ(message("1e400"), "cannot read \"1e400\" at character 1: \"1e400\" is beyond float64's range");
  EXPECT_EQ(message("sqrt(2"), "cannot read \"sqrt(2\" at character 7: the ( of sqrt( is not closed");
  EXPECT_EQ(message("L/i", false),
            "cannot read \"L/i\" at character 3: this value may use L only: it cannot change from block to block, so "
            "i has no meaning here");
  // a hostile formula cannot exhaust the stack
  EXPECT_NE(message(std::string(60, '(') + "1" + std::string(60, ')')).find("it nests deeper than 40 levels"),
            std::string::npos);
  EXPECT_NE(message(std::string(100, '-') + "1").find("it nests deeper than 40 levels"), std::string::npos);
  EXPECT_NE(message(std::string(250, '1')).find("it is longer than 200 characters"), std::string::npos);
}

}  // namespace
}  // namespace tk
