// A wiring: how a transformer block joins its two sublayers to the residual stream, as a description the reader
// writes (the chapter's "Build a wiring"), and the presets the chapter measures, each one such description.
//
// One sublayer (F is attention or the FFN; x the stream):
//   u = scale_in · N_in(x)                 N_in:    a norm on the branch's input      (Pre-LN's place)
//   v = g · scale_out · N_out(F(u))        N_out:   a norm on the branch's output     (Peri-LN's second norm)
//   s = α·x + v   (or s = v without the residual)
//   x ← N_after(s)                         N_after: a norm on the sum                 (Post-LN's place)
// An absent norm is the identity; g is a learned gate (absent: 1). After the last block, an optional final norm.
// The constants α, scale_in, scale_out, the gate's initial value and β (after PyTorch's init and the output
// scale s, the weights and biases of Wv, Wo, W1, W2 are divided by β) are formulas in L and i (expr.hpp).
//
// Text form (what the command line, the bindings, links and the page's cells carry): a preset's name ("post"),
// or a JSON object whose keys start from the preset named by "from" ("pre" if absent):
//   {"from": "post", "alpha": "(2*L)^0.25", "beta": "(8*L)^0.25"}
// Keys: from, norm ("ln" | "rms"), in, out, after, residual, final (true | false), alpha, scale_in, scale_out,
// gate ("none" | "block" | "sublayer" | "channel"), gate0, beta (formulas in L and i), first_post (a formula in L:
// the first ⌊first_post⌋ blocks are plain Post-LN blocks of the same norm kind, Mix-LN's rule).
#pragma once

#include <string>
#include <vector>

#include "expr.hpp"
#include "norm.hpp"

namespace tk {

enum class GateKind {
  None,
  Block,     // one learned number per block, shared by its two sublayers (ReZero's r)
  Sublayer,  // one learned number per sublayer
  Channel,   // one learned vector of d entries per sublayer (LayerScale's λ)
};

struct WiringSpec {
  // the preset these values started from: its name, in the preset table's own storage (a configuration is copied
  // before every run, and a copy allocates nothing)
  const char* from = "pre";
  NormKind norm = NormKind::LayerNorm;  // LayerNorm (ε 1e-5, γ and β) or RMSNorm (ε 1e-6, a gain g): every norm's kind
  bool in = false, out = false, after = false;  // where the block's norms sit (above)
  bool residual = true;                         // the stream is added back
  bool final = false;                           // a norm after the last block
  Expr alpha{1}, scale_in{1}, scale_out{1};
  GateKind gate = GateKind::None;
  Expr gate0{1};       // the gate's initial value
  Expr beta{1};        // DeepNorm's init divisor
  Expr first_post{0};  // in L only
};

// A preset: a wiring the chapter names, labels and measures.
struct WiringPreset {
  std::string name;   // as the command line, the bindings and the URL spell it
  std::string label;  // as the page shows it
  WiringSpec spec;
};
// Every preset, in the chapter's order: the article's three, then Part 4's.
const std::vector<WiringPreset>& wiring_presets();
// The preset named name; throws std::invalid_argument listing the names for any other.
const WiringSpec& wiring_preset(const std::string& name);

// A wiring from its text form (a preset's name or a JSON object, above): the one reader of a wiring's text, for
// the page's builder, its links, the exercises, progress files and both command-line tools. The JSON is strict
// (RFC 8259): a number as JSON writes one, a formula as a string, no key twice, UTF-8. Throws
// std::invalid_argument naming the key and what it got (echoed as echo_text does): an unknown key or value, a
// formula it cannot read, a key given twice, gate0 for a gate that is "none", JSON it cannot read and where. What
// only a depth can show (a formula that is not finite at some block, β ≤ 0, first_post outside 0 … L) is
// check_wiring's.
WiringSpec read_wiring(const std::string& text);
// Several wirings: a JSON list of objects ([{…}, {…}], the command line's --wiring), or one wiring as read_wiring
// reads it. A refusal inside a list names the wiring ("the list's wiring 2: …"); an empty list is empty.
std::vector<WiringSpec> read_wirings(const std::string& text);
// Its text form: the preset's name if it is one unchanged, else JSON with "from" and the keys that differ from
// that preset, in the order above. read_wiring(wiring_text(w)) describes w again.
std::string wiring_text(const WiringSpec& w);
// The keys whose values differ from the preset w starts from, in the order above.
std::vector<std::string> wiring_changes(const WiringSpec& w);
// The name of a preset that is the same wiring as w, value for value ("" if none).
std::string same_preset(const WiringSpec& w);

// How block i (0-based) of a stack of L blocks is wired: every formula evaluated at its depth.
struct BlockWiring {
  NormKind norm = NormKind::LayerNorm;
  bool in = false, out = false, after = false;
  bool residual = true;
  double alpha = 1, scale_in = 1, scale_out = 1;
  GateKind gate = GateKind::None;
  double gate0 = 1, beta = 1;

  int norms() const { return int(in) + int(out) + int(after); }  // per sublayer
};
BlockWiring block_wiring(const WiringSpec& w, int i, int L);
// How many first blocks are plain Post-LN blocks: ⌊first_post(L)⌋.
int first_post_blocks(const WiringSpec& w, int L);

// Throws std::invalid_argument naming the key, the block and the value, for a wiring that cannot run L blocks: a
// formula that is not finite at some block, β ≤ 0, first_post outside 0 … L.
void check_wiring(const WiringSpec& w, int L);

// Why a run of this wiring may leave float64's range, in the reader's terms: each setting that multiplies the stream,
// a branch or the weights by more than 1 (alpha, scale_in, scale_out, gate0 above 1 in size, beta below 1, the
// output scale s above 1), the largest first, with its value, its block and what to change ("lower alpha (it is
// 1e+300 at block 1 and multiplies the stream at every add)"); "" when none does.
std::string wiring_overflow_advice(const WiringSpec& w, int L, double output_scale);

// Every block's wiring, evaluated once for a run (check_wiring first), and the final norm's kind (None: none).
struct StackWiring {
  std::vector<BlockWiring> blocks;
  NormKind final_norm = NormKind::None;
};
StackWiring stack_wiring(const WiringSpec& w, int L);

const char* gate_key(GateKind gate);  // "none", "block", "sublayer", "channel"

}  // namespace tk
