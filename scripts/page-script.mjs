// The journal page's script (src/viewer/page/script.ts, a browser module) compiled to one
// self-contained function. The build (scripts/build.mjs) and the tests (vitest.config.ts) define
// it as RIVUMI_PAGE_SCRIPT, which src/viewer/page-script.ts reads: the bundle carries the compiled
// text, and tests run the same text the bundle would.
import { build } from "esbuild";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const ENTRY = "src/viewer/page/script.ts";

/** The compiled script, as text. Left unminified: the page stays readable where it is saved. */
export async function buildPageScript() {
  const result = await build({
    entryPoints: [ENTRY],
    // From the repository's root whatever the caller's directory: the text (and so the page's
    // CSP hash) is the same from every build.
    absWorkingDir: ROOT,
    bundle: true,
    write: false,
    platform: "browser",
    format: "iife",
    target: "es2020",
    legalComments: "none",
    logLevel: "warning",
  });
  const [output] = result.outputFiles;
  if (!output) throw new Error(`esbuild produced nothing for ${ENTRY}`);
  return output.text;
}

/** esbuild's and vite's `define` entry that puts the compiled script where the viewer reads it. */
export async function pageScriptDefine() {
  return { RIVUMI_PAGE_SCRIPT: JSON.stringify(await buildPageScript()) };
}
