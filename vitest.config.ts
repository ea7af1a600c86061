import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { pageScriptDefine } from "./scripts/page-script.mjs";
import { pathWithoutPythonShim } from "./test/support/python-path.js";

export default defineConfig({
  // The journal page's script, compiled from its browser module as the build does.
  define: await pageScriptDefine(),
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: "forks",
    // One file per core. vitest's default (cores - 1) ran the files one at a time on a two-core
    // machine; one more than the cores filled the gaps while files wait on child processes, but
    // each worker loads its own copy of the modules and forks its children from a larger process:
    // alone, three workers took 330 CPU-s where two took 304 in the same wall time, and npm test
    // runs typed lint beside the tests, which fills the gaps.
    maxWorkers: availableParallelism(),
    // A worker keeps its loaded modules from one test file to the next instead of starting a
    // fresh process per file: a third of the suite's CPU went to loading the same modules 170
    // times. The price is a rule: a test restores what it changes in the process (environment
    // variables, fake timers, spies) in a finally or an afterEach.
    isolate: false,
    // python3 started directly rather than through a version manager's shim (see the module).
    env: { PATH: pathWithoutPythonShim() },
  },
});
