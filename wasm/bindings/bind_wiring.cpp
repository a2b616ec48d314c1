// JS entry points of the wiring descriptions (wiring.hpp): the presets, a written wiring read and described, and
// the constants its formulas give every block of a stack. What the page's wiring builder and lists are made of.
#include <string>
#include <vector>

#include "convert.hpp"
#include "wiring.hpp"

namespace tk::js {
namespace {

// A wiring as the page reads it: its text form, the preset it starts from, what it changes there, the preset it
// equals ("" if none), and every key of the description with its value (formulas as their text).
struct WiringView {
  const WiringSpec& w;
};
template <class F>
void for_each_field(const WiringView& v, F&& f) {
  const WiringSpec& w = v.w;
  f("text", wiring_text(w));
  f("from", std::string(w.from));
  f("changes", wiring_changes(w));
  f("same", same_preset(w));
  f("norm", std::string(norm_key(w.norm)));
  f("in", w.in);
  f("out", w.out);
  f("after", w.after);
  f("residual", w.residual);
  f("alpha", w.alpha.text());
  f("scale_in", w.scale_in.text());
  f("scale_out", w.scale_out.text());
  f("gate", std::string(gate_key(w.gate)));
  f("gate0", w.gate0.text());
  f("beta", w.beta.text());
  f("final", w.final);
  f("first_post", w.first_post.text());
}

struct PresetView {
  const WiringPreset& p;
};
template <class F>
void for_each_field(const PresetView& v, F&& f) {
  f("name", v.p.name);
  f("label", v.p.label);
  f("wiring", WiringView{v.p.spec});
}

// Every preset, in the chapter's order.
val wiring_presets_js() {
  val out = val::array();
  for (const WiringPreset& p : wiring_presets()) out.call<void>("push", result_to_js(PresetView{p}));
  return out;
}

std::string text_arg(const val& text, std::size_t max_chars = 4096) {
  require(text.isString(),
          [&] { return "a wiring must be a preset's name or a JSON object, as text (got " + kind_of(text) + ")"; });
  const std::string s = text.as<std::string>();
  require(s.size() <= max_chars,
          [&] { return "a wiring's text is longer than " + std::to_string(max_chars) + " characters"; });
  return s;
}

// A wiring's text form read and described; throws the reader's message for one that cannot be read.
val describe_wiring_js(val text) {
  return guarded([&] {
    const WiringSpec w = read_wiring(text_arg(text));
    return result_to_js(WiringView{w});
  });
}

// Several wirings read and described: a JSON list of objects, or one wiring (read_wirings). The command line's
// --wiring: the same reader as the page's, so the same text gets the same verdict and the same message.
val describe_wirings_js(val text) {
  return guarded([&] {
    val out = val::array();
    for (const WiringSpec& w : read_wirings(text_arg(text, 65536))) out.call<void>("push", result_to_js(WiringView{w}));
    return out;
  });
}

// What a wiring's formulas give each block of a stack of L blocks, after check_wiring.
struct WiringConstants {
  std::vector<double> alpha, scale_in, scale_out, gate0, beta;
  int post_blocks = 0;
  bool gated = false;
};
template <class F>
void for_each_field(const WiringConstants& c, F&& f) {
  f("alpha", c.alpha);
  f("scaleIn", c.scale_in);
  f("scaleOut", c.scale_out);
  if (c.gated) f("gate0", c.gate0);
  f("beta", c.beta);
  f("postBlocks", c.post_blocks);
}

val wiring_constants_js(val text, val L) {
  return guarded([&] {
    const WiringSpec w = read_wiring(text_arg(text));
    const int depth = whole_arg(L, "L");
    require(depth >= 1 && depth <= 1024, "depth L must be between 1 and 1024");
    const StackWiring s = stack_wiring(w, depth);
    WiringConstants c;
    c.post_blocks = first_post_blocks(w, depth);
    for (const BlockWiring& b : s.blocks) {
      c.alpha.push_back(b.alpha);
      c.scale_in.push_back(b.scale_in);
      c.scale_out.push_back(b.scale_out);
      c.gate0.push_back(b.gate0);
      c.beta.push_back(b.beta);
      c.gated = c.gated || b.gate != GateKind::None;
    }
    return result_to_js(c);
  });
}

}  // namespace
}  // namespace tk::js

EMSCRIPTEN_BINDINGS(wiring) {
  emscripten::function("wiringPresets", &tk::js::wiring_presets_js);
  emscripten::function("describeWiring", &tk::js::describe_wiring_js);
  emscripten::function("describeWirings", &tk::js::describe_wirings_js);
  emscripten::function("wiringConstants", &tk::js::wiring_constants_js);
}
