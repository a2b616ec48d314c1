// The JavaScript half of convert.hpp's argument checks, and its errors' one out-of-line path to JS.
#include "convert.hpp"

#include <emscripten/em_js.h>
#include <emscripten/emscripten.h>
#include <emscripten/val.h>

// EM_JS's body is JavaScript, which clang-format would break (=== becomes == =)
// clang-format off
EM_JS(bool, tk_every_entry_is_number, (emscripten::EM_VAL array), {
  return Emval.toValue(array).every(function(x) { return typeof x === 'number'; });
});
// clang-format on

namespace tk::js {

JsError current_js_error(const char* advice) {
  try {
    throw;
  } catch (const InputError& e) {
    return {e.what(), e.input};
  } catch (const std::bad_alloc&) {
    return {too_much_memory(0, advice), ""};
  } catch (const std::length_error&) {
    return {too_much_memory(0, advice), ""};
  } catch (const std::exception& e) {
    return {e.what(), ""};
  } catch (...) {
    return {"the kernels stopped on an error they could not name", ""};
  }
}

void throw_js_error(const JsError& e) {
  val error = val::global("Error").new_(e.message);
  if (!e.input.empty()) error.set("input", e.input);
  error.throw_();
}

}  // namespace tk::js
