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
using Members = std::vector<std::pair<std::string, JsonValue>>;

// Strict JSON (RFC 8259), as far as a wiring needs it: flat objects of strings, numbers and booleans, and a list of
// such objects. A number is written as JSON writes one (-0.5, 2, 1e-5: never .5, 01, +1, 1. or 1+2), a string
// holds no raw control character and any escape JSON has, the text is UTF-8. Anything else is refused at the
// character where it stops (counted in characters, not bytes). That a key is given twice is apply_json's check.
class JsonReader {
 public:
  explicit JsonReader(const std::string& s) : s_(s) {}

  // The members of the one object the text holds, in their order.
  Members object() {
    space();
    if (peek() != '{') fail("a wiring is a preset's name or a JSON object {…}");
    Members out = members();
    finish("object's closing '}'");
    return out;
  }
  // The objects of a JSON list (or of a lone object); where each starts, for messages.
  std::vector<Members> list() {
    space();
    if (peek() == '{') return {object()};
    expect('[', "a JSON list [{…}, …] or a JSON object {…}");
    std::vector<Members> out;
    space();
    if (!take(']')) {
      for (;;) {
        space();
        if (peek() != '{') fail("a wiring: a JSON object {…}");
        out.push_back(members());
        space();
        if (take(']')) break;
        expect(',', "',' or ']' after a wiring");
      }
    }
    finish("list's closing ']'");
    return out;
  }

 private:
  [[noreturn]] void fail(const std::string& expected) const {
    throw std::invalid_argument("the wiring's JSON cannot be read at character " +
                                std::to_string(character_at(s_, pos_)) + ": expected " + expected);
  }
  char peek() const { return pos_ < s_.size() ? s_[pos_] : '\0'; }
  bool take(char ch) {
    if (pos_ >= s_.size() || s_[pos_] != ch) return false;
    ++pos_;
    return true;
  }
  void expect(char ch, const std::string& what) {
    if (!take(ch)) fail(what);
  }
  void space() {
    while (pos_ < s_.size() && (s_[pos_] == ' ' || s_[pos_] == '\t' || s_[pos_] == '\n' || s_[pos_] == '\r')) ++pos_;
  }
  void finish(const char* what) {
    space();
    if (pos_ != s_.size()) fail(std::string("nothing after the ") + what);
  }
  Members members() {
    Members out;
    expect('{', "'{'");
    space();
    if (take('}')) return out;
    for (;;) {
      space();
      if (peek() != '"') fail("a key in double quotes");
      std::string key = string();
      space();
      expect(':', "':' after the key \"" + echo_text(key) + "\"");
      space();
      JsonValue v = value();
      const bool number = v.kind == JsonValue::Number;
      out.emplace_back(std::move(key), std::move(v));
      space();
      if (take('}')) return out;
      if (number && pos_ < s_.size() && peek() != ',') {
        fail("',' or '}' after a value: a formula is a JSON string, in double quotes (\"alpha\": \"1+2\")");
      }
      expect(',', "',' or '}' after a value");
    }
  }
  static bool is_digit(char ch) { return ch >= '0' && ch <= '9'; }
  void digits(const char* what) {
    if (!is_digit(peek())) fail(what);
    while (is_digit(peek())) ++pos_;
  }
  // JSON's number: -? (0 | [1-9][0-9]*) (.[0-9]+)? ([eE][+-]?[0-9]+)?
  std::string number() {
    const std::size_t start = pos_;
    const char* const written = "a number as JSON writes it (-0.5, 2, 1e-5), or a formula as a string (\"L/4\")";
    take('-');
    if (take('0')) {
      if (is_digit(peek())) fail(written);  // 01
    } else {
      digits(written);
    }
    if (take('.')) digits(written);
    if (take('e') || take('E')) {
      if (!take('+')) take('-');
      digits(written);
    }
    return s_.substr(start, pos_ - start);
  }
  // Four hex digits of a \u escape.
  long hex4() {
    long code = 0;
    for (int k = 0; k < 4; ++k, ++pos_) {
      const char ch = peek();
      const int d = is_digit(ch)               ? ch - '0'
                    : (ch >= 'a' && ch <= 'f') ? ch - 'a' + 10
                    : (ch >= 'A' && ch <= 'F') ? ch - 'A' + 10
                                               : -1;
      if (d < 0) fail("four hexadecimal digits after \\u");
      code = code * 16 + d;
    }
    return code;
  }
  static void append_utf8(std::string& out, long c) {
    if (c < 0x80) {
      out += char(c);
    } else if (c < 0x800) {
      out += char(0xc0 | (c >> 6)), out += char(0x80 | (c & 0x3f));
    } else if (c < 0x10000) {
      out += char(0xe0 | (c >> 12)), out += char(0x80 | ((c >> 6) & 0x3f)), out += char(0x80 | (c & 0x3f));
    } else {
      out += char(0xf0 | (c >> 18)), out += char(0x80 | ((c >> 12) & 0x3f));
      out += char(0x80 | ((c >> 6) & 0x3f)), out += char(0x80 | (c & 0x3f));
    }
  }
  std::string string() {
    expect('"', "'\"'");
    std::string out;
    for (;;) {
      if (pos_ >= s_.size()) fail("the closing '\"' of a string");
      const char ch = s_[pos_];
      if (ch == '"') return ++pos_, out;
      if (static_cast<unsigned char>(ch) < 0x20) {
        fail("no control character inside a string (" + character_name(s_, pos_) + ": write it as an escape)");
      }
      if (static_cast<unsigned char>(ch) >= 0x80) {  // one whole UTF-8 character, or a refusal
        std::size_t bytes = 0;
        const std::string name = character_name(s_, pos_, &bytes);
        if (name.rfind("the byte", 0) == 0) fail("text in UTF-8 (" + name + ")");
        out.append(s_, pos_, bytes);
        pos_ += bytes;
        continue;
      }
      ++pos_;
      if (ch != '\\') {
        out += ch;
        continue;
      }
      const char esc = peek();
      ++pos_;
      switch (esc) {
        case '"':
        case '\\':
        case '/':
          out += esc;
          break;
        case 'n':
          out += '\n';
          break;
        case 't':
          out += '\t';
          break;
        case 'r':
          out += '\r';
          break;
        case 'b':
          out += '\b';
          break;
        case 'f':
          out += '\f';
          break;
        case 'u': {
          const std::size_t escape = pos_ - 2;  // where a refusal points: the escape's backslash
          long code = hex4();
          const auto refuse = [&](const char* what) {
            pos_ = escape;
            fail(what);
          };
          if (code >= 0xdc00 && code <= 0xdfff)
            refuse("a \\u escape that is a character (a lone low surrogate is not)");
          if (code >= 0xd800 && code <= 0xdbff) {  // a pair of surrogates: one character beyond the BMP
            if (!(take('\\') && take('u'))) refuse("a low surrogate (\\uDC00 … \\uDFFF) after a high one");
            const long low = hex4();
            if (low < 0xdc00 || low > 0xdfff) refuse("a low surrogate (\\uDC00 … \\uDFFF) after a high one");
            code = 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00);
          }
          append_utf8(out, code);
          break;
        }
        default:
          --pos_;
          fail("a known escape after '\\' (\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u)");
      }
    }
  }
  JsonValue value() {
    const char ch = peek();
    if (ch == '"') return {JsonValue::String, string()};
    if (s_.compare(pos_, 4, "true") == 0) return pos_ += 4, JsonValue{JsonValue::Bool, "true", true};
    if (s_.compare(pos_, 5, "false") == 0) return pos_ += 5, JsonValue{JsonValue::Bool, "false", false};
    if (ch == '-' || is_digit(ch)) return {JsonValue::Number, number()};
    fail("a value: a string, a number, true or false (a wiring's values are never null, lists or objects)");
  }

  const std::string& s_;
  std::size_t pos_ = 0;
};

std::string got(const JsonValue& v) { return v.kind == JsonValue::String ? "\"" + echo_text(v.text) + "\"" : v.text; }

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
WiringSpec apply_json(const Members& members, WiringSpec base, bool allow_from) {
  // "from" first, wherever it is written: the other keys change the preset it names
  for (std::size_t a = 0; a < members.size(); ++a) {
    for (std::size_t b = a + 1; b < members.size(); ++b) {
      require(members[a].first != members[b].first,
              [&] { return "the key \"" + echo_text(members[a].first) + "\" is given twice"; });
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
      throw std::invalid_argument("a wiring has no key \"" + echo_text(key) + "\" (its keys: " + key_list() + ")");
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
      const std::string json = p.json;
      WiringSpec spec = apply_json(JsonReader(json).object(), WiringSpec{}, false);
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
  throw std::invalid_argument("placement must be one of " + preset_names() + " (got \"" + echo_text(name) + "\")");
}

WiringSpec read_wiring(const std::string& text) {
  std::size_t first = text.find_first_not_of(" \t\n\r");
  if (first != std::string::npos && text[first] == '{')
    return apply_json(JsonReader(text).object(), wiring_preset("pre"), true);
  return wiring_preset(text);
}

std::vector<WiringSpec> read_wirings(const std::string& text) {
  std::size_t first = text.find_first_not_of(" \t\n\r");
  if (first == std::string::npos || text[first] != '[') return {read_wiring(text)};
  const std::vector<Members> all = JsonReader(text).list();
  std::vector<WiringSpec> out;
  for (std::size_t k = 0; k < all.size(); ++k) {
    try {
      out.push_back(apply_json(all[k], wiring_preset("pre"), true));
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument("the list's wiring " + std::to_string(k + 1) + ": " + e.what());
    }
  }
  return out;
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
    return "first_post \"" + echo_text(w.first_post.text()) + "\" must be between 0 and L = " + std::to_string(L) +
           " (got " + shortest_number(posts) + ")";
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
        return std::string(f.key) + " \"" + echo_text(f.e->text()) + "\" is not a finite number at block " +
               std::to_string(i + 1) + " of L = " + std::to_string(L) + " (it is " + shortest_number(v) + ")";
      });
      require(f.e != &w.beta || v > 0, [&] {
        return "beta \"" + echo_text(f.e->text()) + "\" must be above 0 (it divides weights) but is " +
               shortest_number(v) + " at block " + std::to_string(i + 1) + " of L = " + std::to_string(L);
      });
    }
  }
}

std::string wiring_overflow_advice(const WiringSpec& w, int L, double output_scale) {
  struct Setting {
    const char* key;
    const char* change;  // what to do with it
    const char* does;    // what it multiplies
    const Expr* e;
    bool divides;  // beta: its size is 1/|value|
    double size = 0, value = 0;
    int block = 0;
  };
  std::vector<Setting> settings = {
      {"alpha", "lower", "multiplies the stream at every add", &w.alpha, false},
      {"scale_in", "lower", "multiplies every branch's input", &w.scale_in, false},
      {"scale_out", "lower", "multiplies every branch's output", &w.scale_out, false},
      {"gate0", "lower", "multiplies every branch's output at the start", w.gate == GateKind::None ? nullptr : &w.gate0,
       false},
      {"beta", "raise", "divides the weights of Wv, Wo, W1 and W2", &w.beta, true},
  };
  const int first = std::clamp(first_post_blocks(w, L), 0, std::max(L, 0));
  for (Setting& s : settings) {
    if (!s.e) continue;
    for (int i = first; i < L; ++i) {
      const double v = (*s.e)(L, i + 1);
      const double size = s.divides ? 1 / std::fabs(v) : std::fabs(v);
      if (size > s.size) s.size = size, s.value = v, s.block = i + 1;
    }
  }
  std::vector<std::pair<double, std::string>> parts;  // (size, what to change), the largest first
  for (const Setting& s : settings) {
    if (!(s.size > 1)) continue;
    parts.emplace_back(s.size, std::string(s.change) + " " + s.key + " (it is " + shortest_number(s.value) +
                                   " at block " + std::to_string(s.block) + " and " + s.does + ")");
  }
  if (std::fabs(output_scale) > 1) {
    parts.emplace_back(std::fabs(output_scale), "lower the output scale s (it is " + shortest_number(output_scale) +
                                                    " and multiplies Wo and W2)");
  }
  std::stable_sort(parts.begin(), parts.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  std::string out;
  for (const auto& part : parts) out += (out.empty() ? "" : "; ") + part.second;
  return out;
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
