// Wirings as descriptions (see wiring.hpp): the presets, the text form both ways, and every block's constants.
#include "wiring.hpp"

#include <cmath>
#include <cstdlib>
#include <algorithm>
#include <stdexcept>

#include "tensor.hpp"

namespace tk {

namespace {

// Every preset, written in the description's own JSON over the defaults (norm "ln", α = scale_in = scale_out =
// β = 1, no gate, first_post 0), with the five places always given. The papers behind them: Part 4 of the
// chapter (content/26, content/27) cites each beside its definition.
struct PresetText {
  const char* name;
  const char* label;
  const char* json;
};
const PresetText kPresetTexts[] = {
    {"post", "Post-LN", R"j({"in": false, "out": false, "after": true, "residual": true, "final": false})j"},
    {"pre", "Pre-LN", R"j({"in": true, "out": false, "after": false, "residual": true, "final": true})j"},
    {"nores", "no residual", R"j({"in": false, "out": false, "after": true, "residual": false, "final": false})j"},
    {"prerms", "Pre-RMSNorm",
     R"j({"norm": "rms", "in": true, "out": false, "after": false, "residual": true, "final": true})j"},
    {"peri", "Peri-LN", R"j({"in": true, "out": true, "after": false, "residual": true, "final": true})j"},
    // Wang et al., "DeepNet: Scaling Transformers to 1,000 Layers" (2022), its constants for a single stack of N blocks
    // (encoder-only or decoder-only; its encoder-decoder takes others): α = (2N)^¼ on the stream, Wv, Wo, W1, W2
    // scaled by (8N)^-¼. The paper draws them Xavier-normal with that gain; its authors' library, microsoft/torchscale
    // (architecture/encoder.py), divides every parameter of those layers, weights and biases, by (8N)^¼ after the
    // default init, and so does this kernel (β here is that divisor).
    {"deepnorm", "DeepNorm",
     R"j({"in": false, "out": false, "after": true, "residual": true, "final": false,
         "alpha": "(2*L)^0.25", "beta": "(8*L)^0.25"})j"},
    // Bachlechner et al., "ReZero is All You Need: Fast Convergence at Large Depth" (2020): no norm, one gate per
    // block starting at 0
    {"rezero", "ReZero",
     R"j({"in": false, "out": false, "after": false, "residual": true, "final": false, "gate": "block", "gate0": "0"})j"},
    // Touvron et al., "Going deeper with Image Transformers" (CaiT, 2021): a gate per channel starting at cait(L)
    // (expr.cpp: CaiT's 0.1 up to depth 18, 1e-5 at 24, 1e-6 deeper; 1e-5 for 19 to 23 blocks is this page's choice)
    {"layerscale", "LayerScale",
     R"j({"in": true, "out": false, "after": false, "residual": true, "final": true, "gate": "channel",
         "gate0": "cait(L)"})j"},
    // Li, Yin & Liu, "Mix-LN: Unleashing the Power of Deeper Layers by Combining Pre-LN and Post-LN" (2025): the
    // first quarter of the blocks Post-LN
    {"mixln", "Mix-LN",
     R"j({"in": true, "out": false, "after": false, "residual": true, "final": true, "first_post": "L/4"})j"},
    // OLMo 2's reordered norm: x + RMSNorm(F(x)), no norm on the branch's input, a final norm
    {"outnorm", "OLMo 2 norm",
     R"j({"norm": "rms", "in": false, "out": true, "after": false, "residual": true, "final": true})j"},
    // the depth-μP family: Pre-LN with each of the 2L branches multiplied by 1/√(2L)
    {"depthscaled", "Depth-scaled",
     R"j({"in": true, "out": false, "after": false, "residual": true, "final": true, "scale_out": "1/sqrt(2*L)"})j"},
    // LayerNorm Scaling: Pre-LN with each norm's output in block i multiplied by 1/√i
    {"lnscaling", "LN Scaling",
     R"j({"in": true, "out": false, "after": false, "residual": true, "final": true, "scale_in": "1/sqrt(i)"})j"},
};

// The keys, in the order the text form writes them.
const char* const kKeys[] = {"from",     "norm",      "in",   "out",   "after", "residual", "alpha",
                             "scale_in", "scale_out", "gate", "gate0", "beta",  "final",    "first_post"};

std::string key_list() {
  std::string out;
  for (const char* k : kKeys) out += std::string(out.empty() ? "" : ", ") + k;
  return out;
}

std::string preset_names() {
  std::string out;
  for (const PresetText& p : kPresetTexts) out += std::string(out.empty() ? "" : ", ") + p.name;
  return out;
}

// One value of a flat JSON object: a string, a number (kept as written) or a boolean.
struct JsonValue {
  enum Kind { String, Number, Bool } kind;
  std::string text;  // the string's characters, or the number as written
  bool boolean = false;
};

// The members of a flat JSON object in their order; throws for anything else (arrays, nesting, null, bad syntax).
class FlatJson {
 public:
  explicit FlatJson(const std::string& s) : s_(s) {}

  std::vector<std::pair<std::string, JsonValue>> members() {
    std::vector<std::pair<std::string, JsonValue>> out;
    space();
    expect('{', "a wiring is a preset's name or a JSON object {…}");
    space();
    if (take('}')) return finish(out);
    for (;;) {
      space();
      if (peek() != '"') fail("a key in double quotes");
      std::string key = string();
      space();
      expect(':', "':' after the key \"" + key + "\"");
      space();
      out.emplace_back(std::move(key), value());
      space();
      if (take('}')) return finish(out);
      expect(',', "',' or '}' after a value");
    }
  }

 private:
  [[noreturn]] void fail(const std::string& expected) const {
    throw std::invalid_argument("the wiring's JSON cannot be read at character " + std::to_string(pos_ + 1) +
                                ": expected " + expected);
  }
  char peek() const { return pos_ < s_.size() ? s_[pos_] : '\0'; }
  bool take(char ch) {
    if (peek() != ch || pos_ >= s_.size()) return false;
    ++pos_;
    return true;
  }
  void expect(char ch, const std::string& what) {
    if (!take(ch)) fail(what);
  }
  void space() {
    while (pos_ < s_.size() && (s_[pos_] == ' ' || s_[pos_] == '\t' || s_[pos_] == '\n' || s_[pos_] == '\r')) ++pos_;
  }
  std::vector<std::pair<std::string, JsonValue>>& finish(std::vector<std::pair<std::string, JsonValue>>& out) {
    space();
    if (pos_ != s_.size()) fail("nothing after the object's closing '}'");
    return out;
  }
  std::string string() {
    expect('"', "'\"'");
    std::string out;
    for (;;) {
      if (pos_ >= s_.size()) fail("the closing '\"' of a string");
      const char ch = s_[pos_++];
      if (ch == '"') return out;
      if (static_cast<unsigned char>(ch) < 0x20) fail("no control character inside a string");
      if (ch != '\\') {
        out += ch;
        continue;
      }
      const char esc = pos_ < s_.size() ? s_[pos_++] : '\0';
      switch (esc) {
        case '"':
        case '\\':
        case '/':
          out += esc;
          break;
        case 'n':
        case 't':
        case 'r':
        case 'b':
        case 'f':
          out += ' ';
          break;  // whitespace: a formula ignores it
        case 'u': {
          // \u00XX for ASCII only: a wiring's words and formulas are ASCII
          const std::string hex = s_.substr(pos_, 4);
          char* end = nullptr;
          const long code = hex.size() == 4 ? std::strtol(hex.c_str(), &end, 16) : -1;
          if (code < 0x20 || code > 0x7e || end != hex.c_str() + 4) fail("a \\u escape of a printable ASCII character");
          out += char(code);
          pos_ += 4;
          break;
        }
        default:
          fail("a known escape after '\\'");
      }
    }
  }
  JsonValue value() {
    const char ch = peek();
    if (ch == '"') return {JsonValue::String, string()};
    if (s_.compare(pos_, 4, "true") == 0) return pos_ += 4, JsonValue{JsonValue::Bool, "true", true};
    if (s_.compare(pos_, 5, "false") == 0) return pos_ += 5, JsonValue{JsonValue::Bool, "false", false};
    if (ch == '-' || (ch >= '0' && ch <= '9')) {
      const std::size_t start = pos_;
      while (pos_ < s_.size() && std::string("+-0123456789.eE").find(s_[pos_]) != std::string::npos) ++pos_;
      return {JsonValue::Number, s_.substr(start, pos_ - start)};
    }
    fail("a value: a string, a number, true or false (a wiring's values are never null, lists or objects)");
  }

  const std::string& s_;
  std::size_t pos_ = 0;
};

std::string got(const JsonValue& v) { return v.kind == JsonValue::String ? "\"" + v.text + "\"" : v.text; }

bool read_bool(const std::string& key, const JsonValue& v) {
  require(v.kind == JsonValue::Bool, [&] { return key + " must be true or false (got " + got(v) + ")"; });
  return v.boolean;
}

Expr read_expr(const std::string& key, const JsonValue& v, bool allow_i) {
  require(v.kind != JsonValue::Bool,
          [&] { return key + " must be a number or a formula in L and i (got " + got(v) + ")"; });
  try {
    return Expr::parse(v.text, allow_i);
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument(key + ": " + e.what());
  }
}

const std::vector<WiringPreset>& presets();

// Sets the keys of a JSON object over base. allow_from: a reader's text, which may name its preset.
WiringSpec apply_json(const std::string& text, WiringSpec base, bool allow_from) {
  FlatJson json(text);
  const auto members = json.members();
  // "from" first, wherever it is written: the other keys change the preset it names
  for (std::size_t a = 0; a < members.size(); ++a) {
    for (std::size_t b = a + 1; b < members.size(); ++b) {
      require(members[a].first != members[b].first,
              [&] { return "the key \"" + members[a].first + "\" is given twice"; });
    }
    if (members[a].first == "from") {
      require(allow_from, "a preset cannot start from another");
      const JsonValue& v = members[a].second;
      require(v.kind == JsonValue::String,
              [&] { return "from must be a preset's name: one of " + preset_names() + " (got " + got(v) + ")"; });
      base = wiring_preset(v.text);  // (its from: the preset's own name, a literal)
    }
  }
  bool gate0_given = false;
  for (const auto& member : members) {
    const std::string& key = member.first;  // (not a structured binding: the checks' lambdas capture them)
    const JsonValue& v = member.second;
    if (key == "from") continue;
    if (key == "norm") {
      require(v.kind == JsonValue::String && (v.text == "ln" || v.text == "rms"),
              [&] { return "norm must be \"ln\" or \"rms\" (got " + got(v) + ")"; });
      base.norm = v.text == "ln" ? NormKind::LayerNorm : NormKind::RMSNorm;
    } else if (key == "in") {
      base.in = read_bool(key, v);
    } else if (key == "out") {
      base.out = read_bool(key, v);
    } else if (key == "after") {
      base.after = read_bool(key, v);
    } else if (key == "residual") {
      base.residual = read_bool(key, v);
    } else if (key == "final") {
      base.final = read_bool(key, v);
    } else if (key == "alpha") {
      base.alpha = read_expr(key, v, true);
    } else if (key == "scale_in") {
      base.scale_in = read_expr(key, v, true);
    } else if (key == "scale_out") {
      base.scale_out = read_expr(key, v, true);
    } else if (key == "gate") {
      const GateKind kinds[] = {GateKind::None, GateKind::Block, GateKind::Sublayer, GateKind::Channel};
      bool known = false;
      for (GateKind g : kinds) {
        if (v.kind == JsonValue::String && v.text == gate_key(g)) base.gate = g, known = true;
      }
      require(known,
              [&] { return "gate must be \"none\", \"block\", \"sublayer\" or \"channel\" (got " + got(v) + ")"; });
    } else if (key == "gate0") {
      base.gate0 = read_expr(key, v, true);
      gate0_given = true;
    } else if (key == "beta") {
      base.beta = read_expr(key, v, true);
    } else if (key == "first_post") {
      base.first_post = read_expr(key, v, false);
    } else {
      throw std::invalid_argument("a wiring has no key \"" + key + "\" (its keys: " + key_list() + ")");
    }
  }
  require(!(gate0_given && base.gate == GateKind::None),
          "gate0 is the initial value of a gate, but gate is \"none\": set gate to \"block\", \"sublayer\" or "
          "\"channel\", or leave gate0 out");
  return base;
}

const std::vector<WiringPreset>& presets() {
  static const std::vector<WiringPreset> all = [] {
    std::vector<WiringPreset> out;
    for (const PresetText& p : kPresetTexts) {
      WiringSpec spec = apply_json(p.json, WiringSpec{}, false);
      spec.from = p.name;  // a literal of kPresetTexts
      out.push_back({p.name, p.label, spec});
    }
    return out;
  }();
  return all;
}

// The value of each key as the text form writes it, keyed by kKeys' order (from aside).
std::vector<std::string> key_values(const WiringSpec& w) {
  const auto flag = [](bool b) { return std::string(b ? "true" : "false"); };
  const auto quoted = [](const std::string& s) { return "\"" + s + "\""; };
  return {quoted(std::string(w.from)),
          quoted(norm_key(w.norm)),
          flag(w.in),
          flag(w.out),
          flag(w.after),
          flag(w.residual),
          quoted(w.alpha.text()),
          quoted(w.scale_in.text()),
          quoted(w.scale_out.text()),
          quoted(gate_key(w.gate)),
          quoted(w.gate0.text()),
          quoted(w.beta.text()),
          flag(w.final),
          quoted(w.first_post.text())};
}

// Keys whose values differ between a and b (from aside; gate0 only where a has a gate).
std::vector<std::size_t> differing(const WiringSpec& a, const WiringSpec& b) {
  const std::vector<std::string> va = key_values(a), vb = key_values(b);
  std::vector<std::size_t> out;
  for (std::size_t k = 1; k < va.size(); ++k) {
    if (va[k] == vb[k]) continue;
    if (std::string(kKeys[k]) == "gate0" && a.gate == GateKind::None) continue;
    out.push_back(k);
  }
  return out;
}

}  // namespace

const char* gate_key(GateKind gate) {
  switch (gate) {
    case GateKind::None:
      return "none";
    case GateKind::Block:
      return "block";
    case GateKind::Sublayer:
      return "sublayer";
    case GateKind::Channel:
      return "channel";
  }
  throw std::logic_error("unknown gate");
}

const std::vector<WiringPreset>& wiring_presets() { return presets(); }

const WiringSpec& wiring_preset(const std::string& name) {
  for (const WiringPreset& p : presets()) {
    if (p.name == name) return p.spec;
  }
  throw std::invalid_argument("placement must be one of " + preset_names() + " (got \"" + name + "\")");
}

WiringSpec read_wiring(const std::string& text) {
  std::size_t first = text.find_first_not_of(" \t\n\r");
  if (first != std::string::npos && text[first] == '{') return apply_json(text, wiring_preset("pre"), true);
  return wiring_preset(text);
}

std::vector<std::string> wiring_changes(const WiringSpec& w) {
  std::vector<std::string> out;
  for (std::size_t k : differing(w, wiring_preset(w.from))) out.push_back(kKeys[k]);
  return out;
}

std::string wiring_text(const WiringSpec& w) {
  const std::vector<std::size_t> keys = differing(w, wiring_preset(w.from));
  if (keys.empty()) return w.from;
  const std::vector<std::string> values = key_values(w);
  std::string out = "{\"from\":" + values[0];
  for (std::size_t k : keys) out += ",\"" + std::string(kKeys[k]) + "\":" + values[k];
  return out + "}";
}

std::string same_preset(const WiringSpec& w) {
  for (const WiringPreset& p : presets()) {
    if (differing(w, p.spec).empty() && differing(p.spec, w).empty()) return p.name;
  }
  return "";
}

int first_post_blocks(const WiringSpec& w, int L) { return int(std::floor(w.first_post(L, 1))); }

BlockWiring block_wiring(const WiringSpec& w, int i, int L) {
  BlockWiring b;
  b.norm = w.norm;
  if (i < first_post_blocks(w, L)) {  // a plain Post-LN block: its norm after the add, nothing else
    b.after = true;
    return b;
  }
  b.in = w.in, b.out = w.out, b.after = w.after, b.residual = w.residual;
  const int at = i + 1;
  b.alpha = w.alpha(L, at);
  b.scale_in = w.scale_in(L, at);
  b.scale_out = w.scale_out(L, at);
  b.gate = w.gate;
  b.gate0 = w.gate == GateKind::None ? 1 : w.gate0(L, at);
  b.beta = w.beta(L, at);
  return b;
}

void check_wiring(const WiringSpec& w, int L) {
  const double posts = w.first_post(L, 1);
  require(std::isfinite(posts) && posts >= 0 && posts <= L, [&] {
    return "first_post \"" + w.first_post.text() + "\" must be between 0 and L = " + std::to_string(L) + " (got " +
           shortest_number(posts) + ")";
  });
  // (allocates nothing when the wiring is good: a run's checks are made before every run)
  const int first = first_post_blocks(w, L);
  struct Named {
    const char* key;
    const Expr* e;
  };
  const Named formulas[] = {{"alpha", &w.alpha},
                            {"scale_in", &w.scale_in},
                            {"scale_out", &w.scale_out},
                            {"beta", &w.beta},
                            {"gate0", w.gate == GateKind::None ? nullptr : &w.gate0}};
  for (int i = first; i < L; ++i) {
    for (const Named& f : formulas) {
      if (!f.e) continue;
      const double v = (*f.e)(L, i + 1);
      require(std::isfinite(v), [&] {
        return std::string(f.key) + " \"" + f.e->text() + "\" is not a finite number at block " +
               std::to_string(i + 1) + " of L = " + std::to_string(L) + " (it is " + shortest_number(v) + ")";
      });
      require(f.e != &w.beta || v > 0, [&] {
        return "beta \"" + f.e->text() + "\" must be above 0 (it divides weights) but is " + shortest_number(v) +
               " at block " + std::to_string(i + 1) + " of L = " + std::to_string(L);
      });
    }
  }
}

StackWiring stack_wiring(const WiringSpec& w, int L) {
  check_wiring(w, L);
  StackWiring s;
  s.blocks.reserve(std::size_t(std::max(L, 0)));
  for (int i = 0; i < L; ++i) s.blocks.push_back(block_wiring(w, i, L));
  s.final_norm = w.final ? w.norm : NormKind::None;
  return s;
}

}  // namespace tk
