// One bundler command builds both entrypoints; CI rebuilds and fails if dist/ differs.
// Code splitting keeps rarely needed dependencies (the artifact client) out of the start-up path.
import { build } from "esbuild";
import { copyFileSync, existsSync, rmSync } from "node:fs";
import { pageScriptDefine } from "./page-script.mjs";

rmSync("dist", { recursive: true, force: true });
// The journal page's script is a browser module of its own, compiled first and put in as text.
const define = await pageScriptDefine();
// The action and the CLI are built apart, so the action's chunks split only where it loads code
// lazily rather than along everything the CLI happens to share with it: fewer files to load.
for (const [name, entry] of [
  ["index", "src/index.ts"],
  ["cli", "src/cli/main.ts"],
]) {
  await build({
    entryPoints: { [name]: entry },
    outdir: "dist",
    chunkNames: "chunks/[name]-[hash]",
    splitting: true,
    bundle: true,
    platform: "node",
    target: "node20",
    format: "esm",
    legalComments: "none",
    // RIVUMI_UNMINIFIED=1 keeps module path comments in the output, for reading CPU profiles.
    minify: !process.env.RIVUMI_UNMINIFIED,
    keepNames: false,
    logLevel: "warning",
    define,
    // The shebang makes dist/cli.js executable; bundled CommonJS dependencies call require().
    banner: {
      js: "#!/usr/bin/env node\nimport { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);",
    },
  });
}
// The RLM engine's REPL driver and its confinement are Python; they ship beside the bundle.
for (const py of ["driver.py", "confine.py"])
  if (existsSync(`src/rlm/${py}`)) copyFileSync(`src/rlm/${py}`, `dist/${py}`);
