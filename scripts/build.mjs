// One bundler command builds both entrypoints; CI rebuilds and fails if dist/ differs.
import { build } from "esbuild";

const common = {
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  legalComments: "none",
  logLevel: "warning",
  // Bundled CommonJS dependencies call require(); give them one in the ESM output.
  banner: {
    js: "import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);",
  },
};

await build({ ...common, entryPoints: ["src/index.ts"], outfile: "dist/index.js" });
await build({
  ...common,
  entryPoints: ["src/cli/main.ts"],
  outfile: "dist/cli.js",
  banner: { js: "#!/usr/bin/env node\n" + common.banner.js },
});
