// The JavaScript half of convert.hpp's argument checks.
#include <emscripten/em_js.h>
#include <emscripten/emscripten.h>
#include <emscripten/val.h>

EM_JS(bool, tk_every_entry_is_number, (emscripten::EM_VAL array), {
  return Emval.toValue(array).every(function(x) { return typeof x === 'number'; });
});
