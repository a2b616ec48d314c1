// Wirings as descriptions (wiring.cpp): the presets are the chapter's wirings exactly, the text form reads and
// writes back, every refusal names the key and what it got, and each block's constants are its formulas' values.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "check.hpp"
#include "heap_counter.hpp"
#include "wiring.hpp"

namespace tk {
namespace {

using test::thrown_message;

// The places as "in/out/after/residual/final", T or F each: the issue's table, typed here once as the contract.
std::string places(const WiringSpec& w) {
  std::string s;
  for (bool b : {w.in, w.out, w.after, w.residual, w.final}) s += std::string(s.empty() ? "" : "/") + (b ? "T" : "F");
  return s;
}

TEST(WiringPresets, AreTheChaptersWiringsExactly) {
  struct Expected {
    const char* name;
    const char* places;
    const char* norm;
    const char* alpha;
    const char* beta;
    const char* gate;
    const char* gate0;
    const char* first_post;
    const char* scale_in;
    const char* scale_out;
  };
  const Expected expected[] = {
      {"post", "F/F/T/T/F", "ln", "1", "1", "none", "1", "0", "1", "1"},
      {"pre", "T/F/F/T/T", "ln", "1", "1", "none", "1", "0", "1", "1"},
      {"nores", "F/F/T/F/F", "ln", "1", "1", "none", "1", "0", "1", "1"},
      {"prerms", "T/F/F/T/T", "rms", "1", "1", "none", "1", "0", "1", "1"},
      {"peri", "T/T/F/T/T", "ln", "1", "1", "none", "1", "0", "1", "1"},
      {"deepnorm", "F/F/T/T/F", "ln", "(2*L)^0.25", "(8*L)^0.25", "none", "1", "0", "1", "1"},
      {"rezero", "F/F/F/T/F", "ln", "1", "1", "block", "0", "0", "1", "1"},
      {"layerscale", "T/F/F/T/T", "ln", "1", "1", "channel", "cait(L)", "0", "1", "1"},
      {"mixln", "T/F/F/T/T", "ln", "1", "1", "none", "1", "L/4", "1", "1"},
      {"outnorm", "F/T/F/T/T", "rms", "1", "1", "none", "1", "0", "1", "1"},
      {"depthscaled", "T/F/F/T/T", "ln", "1", "1", "none", "1", "0", "1", "1/sqrt(2*L)"},
      {"lnscaling", "T/F/F/T/T", "ln", "1", "1", "none", "1", "0", "1/sqrt(i)", "1"},
  };
  ASSERT_EQ(wiring_presets().size(), std::size(expected));
  for (std::size_t k = 0; k < std::size(expected); ++k) {
    const Expected& e = expected[k];
    const WiringPreset& p = wiring_presets()[k];
    SCOPED_TRACE(e.name);
    EXPECT_EQ(p.name, e.name);
    EXPECT_FALSE(p.label.empty());
    EXPECT_EQ(places(p.spec), e.places);
    EXPECT_STREQ(norm_key(p.spec.norm), e.norm);
    EXPECT_EQ(p.spec.alpha.text(), e.alpha);
    EXPECT_EQ(p.spec.beta.text(), e.beta);
    EXPECT_STREQ(gate_key(p.spec.gate), e.gate);
    EXPECT_EQ(p.spec.gate0.text(), e.gate0);
    EXPECT_EQ(p.spec.first_post.text(), e.first_post);
    EXPECT_EQ(p.spec.scale_in.text(), e.scale_in);
    EXPECT_EQ(p.spec.scale_out.text(), e.scale_out);
    EXPECT_STREQ(p.spec.from, e.name);
    EXPECT_EQ(wiring_text(p.spec), e.name);  // a preset's text form is its name
    EXPECT_EQ(same_preset(p.spec), e.name);
    EXPECT_TRUE(wiring_changes(p.spec).empty());
  }
}

// A configuration is copied before every run and every check, which must allocate nothing (test_stack_memory):
// a wiring's copy shares its formulas and names its preset by a pointer into the preset table.
TEST(WiringPresets, ACopyAllocatesNothing) {
  for (const WiringPreset& p : wiring_presets()) {
    EXPECT_EQ(test::peak_bytes_of([&] {
                const WiringSpec copy = p.spec;
                (void)copy;
              }),
              0u)
        << p.name;
  }
  const WiringSpec written = read_wiring(R"j({"from": "depthscaled", "alpha": "1+0.1*i", "gate": "channel"})j");
  EXPECT_EQ(test::peak_bytes_of([&] {
              const WiringSpec copy = written;
              (void)copy;
            }),
            0u);
}

TEST(WiringText, ReadsJsonOverItsPreset) {
  const WiringSpec w = read_wiring(R"j({"from": "post", "alpha": "(2*L)^0.25", "beta": "(8*L)^0.25"})j");
  EXPECT_STREQ(w.from, "post");
  EXPECT_EQ(places(w), "F/F/T/T/F");
  EXPECT_EQ(w.alpha.text(), "(2*L)^0.25");
  EXPECT_EQ(same_preset(w), "deepnorm");  // the same wiring as DeepNorm, value for value
  EXPECT_EQ(wiring_changes(w), (std::vector<std::string>{"alpha", "beta"}));
  EXPECT_EQ(wiring_text(w), R"j({"from":"post","alpha":"(2*L)^0.25","beta":"(8*L)^0.25"})j");
  // no "from": Pre-LN's values; numbers may be JSON numbers; key order does not matter; spaces between a formula's
  // parts vanish
  const WiringSpec v = read_wiring(R"j({ "scale_out" : "1 / sqrt(2*L)", "norm": "rms", "alpha": 2 })j");
  EXPECT_STREQ(v.from, "pre");
  EXPECT_EQ(wiring_text(v), R"j({"from":"pre","norm":"rms","alpha":"2","scale_out":"1/sqrt(2*L)"})j");
  EXPECT_EQ(same_preset(v), "");
  // the text form reads back to itself
  for (const std::string& text :
       {wiring_text(w), wiring_text(v), std::string("mixln"),
        std::string(R"j({"from":"rezero","gate":"channel","gate0":"0.5","first_post":"1"})j")}) {
    EXPECT_EQ(wiring_text(read_wiring(text)), text);
  }
  // a JSON object that changes nothing is the preset itself
  EXPECT_EQ(wiring_text(read_wiring(R"j({"from": "peri", "out": true})j")), "peri");
  EXPECT_EQ(wiring_text(read_wiring("{}")), "pre");
}

TEST(WiringText, GateZeroOnlyCountsWhereThereIsAGate) {
  // from LayerScale, the gate removed: its CaiT rule is not a change the reader made
  const WiringSpec w = read_wiring(R"j({"from": "layerscale", "gate": "none"})j");
  EXPECT_EQ(wiring_changes(w), std::vector<std::string>{"gate"});
  EXPECT_EQ(same_preset(w), "pre");
}

TEST(WiringText, RefusalsNameTheKeyAndWhatItGot) {
  const auto message = [](const std::string& text) { return thrown_message([&] { read_wiring(text); }); };
  EXPECT_EQ(message("middle").rfind("placement must be one of post, pre, nores, prerms, peri, deepnorm, rezero, "
                                    "layerscale, mixln, outnorm, depthscaled, lnscaling (got \"middle\")",
                                    0),
            0u);
  EXPECT_EQ(
      message(R"j({"alhpa": 2})j"),
      "a wiring has no key \"alhpa\" (its keys: from, norm, in, out, after, residual, alpha, scale_in, scale_out, "
      "gate, gate0, beta, final, first_post)");
  EXPECT_EQ(message(R"j({"norm": "layer"})j"), "norm must be \"ln\" or \"rms\" (got \"layer\")");
  EXPECT_EQ(message(R"j({"in": "yes"})j"), "in must be true or false (got \"yes\")");
  EXPECT_EQ(message(R"j({"gate": "vector"})j"),
            "gate must be \"none\", \"block\", \"sublayer\" or \"channel\" (got \"vector\")");
  EXPECT_EQ(message(R"j({"from": 3})j").rfind("from must be a preset's name: one of post, pre", 0), 0u);
  EXPECT_EQ(message(R"j({"alpha": true})j"), "alpha must be a number or a formula in L and i (got true)");
  EXPECT_EQ(message(R"j({"alpha": "2*"})j"),
            "alpha: cannot read \"2*\" at character 3: it ends where a number, L, i, ( or sqrt( was expected");
  EXPECT_EQ(message(R"j({"first_post": "i/2"})j")
                .rfind("first_post: cannot read \"i/2\" at character 1: this value may use L only", 0),
            0u);
  EXPECT_EQ(message(R"j({"alpha": 1, "alpha": 2})j"), "the key \"alpha\" is given twice");
  EXPECT_EQ(message(R"j({"gate0": "0.5"})j"),
            "gate0 is the initial value of a gate, but gate is \"none\": set gate to \"block\", \"sublayer\" or "
            "\"channel\", or leave gate0 out");
  EXPECT_EQ(message(R"j({"alpha": 1e400})j"),
            "alpha: cannot read \"1e400\" at character 1: \"1e400\" is beyond float64's range");
  // what is not a flat JSON object
  EXPECT_EQ(
      message(R"j({"alpha": [1]})j").rfind("the wiring's JSON cannot be read at character 11: expected a value", 0),
      0u);
  EXPECT_EQ(message(R"j({"alpha": null})j").rfind("the wiring's JSON cannot be read at character 11", 0), 0u);
  EXPECT_EQ(message(R"j({"alpha": 2)j"),
            "the wiring's JSON cannot be read at character 12: expected ',' or '}' after a value");
  EXPECT_EQ(message(R"j({"alpha": 2} x)j"),
            "the wiring's JSON cannot be read at character 14: expected nothing after the object's closing '}'");
  EXPECT_EQ(message("{alpha: 2}"), "the wiring's JSON cannot be read at character 2: expected a key in double quotes");
  EXPECT_EQ(message(""),
            "placement must be one of post, pre, nores, prerms, peri, deepnorm, rezero, layerscale, "
            "mixln, outnorm, depthscaled, lnscaling (got \"\")");
}

// Issue 52: one strict reader for the page, its links, the exercises, the files and both command-line tools. The
// reader had taken any run of +-0123456789.eE as a number ({"alpha": 1+2} as the formula 1+2, which JSON.parse
// refused on the command line; -.5 and 01 accepted), and turned "\n" into a space
TEST(WiringText, JsonIsStrict) {
  const auto message = [](const std::string& text) { return thrown_message([&] { read_wiring(text); }); };
  EXPECT_EQ(message(R"j({"alpha": 1+2})j"),
            "the wiring's JSON cannot be read at character 12: expected ',' or '}' after a value: a formula is a JSON "
            "string, in double quotes (\"alpha\": \"1+2\")");
  const std::string written =
      "the wiring's JSON cannot be read at character 12: expected a number as JSON writes it "
      "(-0.5, 2, 1e-5), or a formula as a string (\"L/4\")";
  EXPECT_EQ(message(R"j({"alpha": -.5})j"), written);
  EXPECT_EQ(message(R"j({"alpha": 01})j"), written);
  EXPECT_EQ(
      message(R"j({"alpha": 1.})j").rfind("the wiring's JSON cannot be read at character 13: expected a number", 0),
      0u);
  EXPECT_EQ(
      message(R"j({"alpha": 1e})j").rfind("the wiring's JSON cannot be read at character 13: expected a number", 0),
      0u);
  EXPECT_EQ(
      message(R"j({"alpha": +1})j").rfind("the wiring's JSON cannot be read at character 11: expected a value", 0), 0u);
  // numbers as JSON writes them, and every escape JSON has
  EXPECT_EQ(read_wiring(R"j({"alpha": -0.5e+1, "beta": 0, "scale_in": 2E-1})j").alpha(1, 1), -5);
  EXPECT_EQ(read_wiring(R"j({"alpha": "2\t*\nL", "beta": "\u0032"})j").alpha.text(), "2*L");
  EXPECT_EQ(message(R"j({"alpha": "1\b"})j"),
            "alpha: cannot read \"1<U+0008>\" at character 2: U+0008 cannot be in a formula, which is written in plain "
            "ASCII: digits, L, i, + - * / ^, parentheses, sqrt, cait");
  EXPECT_EQ(message(R"j({"alpha": "\ud83d\ude00"})j").rfind("alpha: cannot read \"😀\" at character 1: '😀' cannot", 0),
            0u);
  EXPECT_EQ(message(R"j({"alpha": "\ude00"})j")
                .rfind("the wiring's JSON cannot be read at character 12: expected a \\u "
                       "escape that is a character",
                       0),
            0u);
  EXPECT_EQ(message("{\"alpha\": \"1\xe2\"}"),
            "the wiring's JSON cannot be read at character 13: expected text in UTF-8 (the byte 0xE2 (not UTF-8))");
  EXPECT_EQ(
      message("{\"alpha\": \"1\n\"}").rfind("the wiring's JSON cannot be read at character 13: expected no control", 0),
      0u);
  EXPECT_EQ(message(R"j({"alpha": "\ud83d2"})j"),
            "the wiring's JSON cannot be read at character 12: expected a low surrogate (\\uDC00 … \\uDFFF) after a "
            "high one");
  // a key given twice, however it is written
  EXPECT_EQ(message(R"j({"alpha": "2", "\u0061lpha": "3"})j"), "the key \"alpha\" is given twice");
}

// Issue 52: "1 0" was read as 10, and echoed as "1e+01" where a depth refused it
TEST(WiringText, AFormulaSplitBySpacesIsRefusedWhereItSplits) {
  const auto message = [](const std::string& text) { return thrown_message([&] { read_wiring(text); }); };
  EXPECT_EQ(message(R"j({"first_post": "1 0"})j"),
            "first_post: cannot read \"1 0\" at character 3: only a space stands between \"1\" and \"0\": a number is "
            "written without spaces, and two parts are joined by + - * / or ^");
  EXPECT_EQ(thrown_message([&] { check_wiring(read_wiring(R"j({"first_post": "10"})j"), 6); }),
            "first_post \"10\" must be between 0 and L = 6 (got 10)");
}

// Issue 52: an echo was as long as what was written (2,000 characters beside a field), and cut a bidi override in half
TEST(WiringText, EchoesAreCutAndNameHiddenCharacters) {
  const auto message = [](const std::string& text) { return thrown_message([&] { read_wiring(text); }); };
  EXPECT_EQ(message("{\"gate\": \"no\xe2\x80\xaene\"}"),
            "gate must be \"none\", \"block\", \"sublayer\" or \"channel\" (got \"no<U+202E>ne\")");
  EXPECT_EQ(message("{\"" + std::string(300, 'k') + "\": 1}")
                .rfind("a wiring has no key \"" + std::string(40, 'k') + "…\"", 0),
            0u);
  EXPECT_EQ(message(std::string(100, 'p')).rfind("placement must be one of", 0), 0u);
  EXPECT_NE(message(std::string(100, 'p')).find("(got \"" + std::string(40, 'p') + "…\")"), std::string::npos);
  EXPECT_EQ(message("{\"alpha\": \"" + std::string(1000, '(') + "1" + std::string(1000, ')') + "\"}"),
            "alpha: cannot read \"" + std::string(40, '(') + "…\" at character 1: it is longer than 200 characters");
}

TEST(WiringText, AListOfWirings) {
  const std::vector<WiringSpec> all = read_wirings(R"j( [{"from": "post"}, {"alpha": "2"}] )j");
  ASSERT_EQ(all.size(), 2u);
  EXPECT_EQ(wiring_text(all[0]), "post");
  EXPECT_EQ(wiring_text(all[1]), R"j({"from":"pre","alpha":"2"})j");
  EXPECT_EQ(read_wirings("[]").size(), 0u);
  EXPECT_EQ(read_wirings(R"j({"alpha": "2"})j").size(), 1u);
  const auto message = [](const std::string& text) { return thrown_message([&] { read_wirings(text); }); };
  // the same sentence as for the wiring alone, naming which one
  EXPECT_EQ(message(R"j([{"from": "post"}, {"alpha": 1, "alpha": 2}])j"),
            "the list's wiring 2: the key \"alpha\" is given twice");
  EXPECT_EQ(message(R"j([{"from": "post"}, "pre"])j"),
            "the wiring's JSON cannot be read at character 20: expected a wiring: a JSON object {…}");
  EXPECT_EQ(message(R"j([{"alpha": 1+2}])j")
                .rfind("the wiring's JSON cannot be read at character 13: expected ',' or "
                       "'}' after a value: a formula is a JSON string",
                       0),
            0u);
  EXPECT_EQ(message(R"j([{}] x)j"),
            "the wiring's JSON cannot be read at character 6: expected nothing after the list's closing ']'");
}

// Issue 52: an overflow is told in the reader's terms, naming the setting to change
TEST(WiringBlocks, OverflowAdviceNamesTheLargestSettingsFirst) {
  EXPECT_EQ(wiring_overflow_advice(wiring_preset("pre"), 6, 1), "");
  EXPECT_EQ(wiring_overflow_advice(read_wiring(R"j({"alpha": "1+i", "beta": "0.5"})j"), 6, 1000),
            "lower the output scale s (it is 1000 and multiplies Wo and W2); lower alpha (it is 7 at block 6 and "
            "multiplies the stream at every add); raise beta (it is 0.5 at block 1 and divides the weights of Wv, Wo, "
            "W1 and W2)");
  EXPECT_EQ(wiring_overflow_advice(read_wiring(R"j({"gate": "block", "gate0": "-3"})j"), 2, 1),
            "lower gate0 (it is -3 at block 1 and multiplies every branch's output at the start)");
  // a gate0 without a gate, and the blocks first_post makes plain Post-LN blocks, multiply nothing
  EXPECT_EQ(wiring_overflow_advice(read_wiring(R"j({"alpha": "10^(2-i)", "first_post": "2"})j"), 3, 1), "");
}

TEST(WiringBlocks, EveryFormulaAtItsBlock) {
  const WiringSpec w = read_wiring(
      R"j({"from": "pre", "alpha": "1+0.1*i", "scale_in": "1/sqrt(i)", "gate": "sublayer", "gate0": "0.1*L^-0.5",
          "beta": "2", "first_post": "L/4"})j");
  const int L = 9;  // ⌊9/4⌋ = 2 plain Post-LN blocks
  EXPECT_EQ(first_post_blocks(w, L), 2);
  for (int i = 0; i < 2; ++i) {
    const BlockWiring b = block_wiring(w, i, L);
    EXPECT_TRUE(b.after && !b.in && !b.out && b.residual) << i;
    EXPECT_EQ(b.gate, GateKind::None);
    EXPECT_EQ(b.alpha, 1);
    EXPECT_EQ(b.beta, 1);
    EXPECT_EQ(b.scale_in, 1);
  }
  const BlockWiring b = block_wiring(w, 3, L);  // block 4
  EXPECT_TRUE(b.in && !b.out && !b.after);
  EXPECT_DOUBLE_EQ(b.alpha, 1.4);
  EXPECT_EQ(b.scale_in, 0.5);
  EXPECT_EQ(b.gate, GateKind::Sublayer);
  EXPECT_DOUBLE_EQ(b.gate0, 0.1 / 3);
  EXPECT_EQ(b.beta, 2);
  const StackWiring s = stack_wiring(w, L);
  ASSERT_EQ(s.blocks.size(), 9u);
  EXPECT_EQ(s.final_norm, NormKind::LayerNorm);
  EXPECT_EQ(stack_wiring(wiring_preset("post"), 3).final_norm, NormKind::None);
  EXPECT_EQ(stack_wiring(wiring_preset("prerms"), 3).final_norm, NormKind::RMSNorm);
}

TEST(WiringBlocks, ChecksAtADepthNameTheKeyTheBlockAndTheValue) {
  const auto message = [](const std::string& text, int L) {
    return thrown_message([&] { check_wiring(read_wiring(text), L); });
  };
  EXPECT_EQ(message(R"j({"alpha": "1/(i-3)"})j", 6),
            "alpha \"1/(i-3)\" is not a finite number at block 3 of L = 6 (it is inf)");
  EXPECT_EQ(message(R"j({"scale_out": "sqrt(2-i)"})j", 6),
            "scale_out \"sqrt(2-i)\" is not a finite number at block 3 of L = 6 (it is nan)");
  EXPECT_EQ(message(R"j({"beta": "2-i"})j", 6),
            "beta \"2-i\" must be above 0 (it divides weights) but is 0 at block 2 of L = 6");
  EXPECT_EQ(message(R"j({"first_post": "L+1"})j", 6), "first_post \"L+1\" must be between 0 and L = 6 (got 7)");
  EXPECT_EQ(message(R"j({"first_post": "-1"})j", 6), "first_post \"-1\" must be between 0 and L = 6 (got -1)");
  EXPECT_EQ(message(R"j({"gate": "block", "gate0": "1/(L-6)"})j", 6),
            "gate0 \"1/(L-6)\" is not a finite number at block 1 of L = 6 (it is inf)");
  // the blocks first_post makes plain Post-LN blocks never read the formulas
  EXPECT_EQ(message(R"j({"alpha": "1/(i-1)", "first_post": "1"})j", 6), "(no exception)");
  EXPECT_EQ(message("deepnorm", 1000), "(no exception)");
}

}  // namespace
}  // namespace tk
