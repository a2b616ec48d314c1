// emscripten's --pre-js for the C++ suites as wasm (CMakeLists.txt, tk_tests_wasm): GoogleTest reads its sharding
// variables with getenv, and emscripten's getenv sees only the glue's ENV object, never Node's process.env. Copying
// the two across lets scripts/test-wasm-cpp.sh run the suites as one Node process per core, each its shard.
/* global Module, ENV, process */
Module.preRun = [
  () => {
    for (const name of ['GTEST_TOTAL_SHARDS', 'GTEST_SHARD_INDEX']) {
      if (process.env[name] !== undefined) ENV[name] = process.env[name];
    }
  },
];
