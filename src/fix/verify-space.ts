// The verify command's private folder: a copy of the workspace it may change at will, a home and a
// temp folder of its own, and confine.py, which confines it. The command works on a COPY so that
// nothing it writes (a build's output, or a hostile edit after the model's) can reach the commit,
// which is made from the workspace itself; and so that the workspace never has to be handed to
// another user. The copy is self-contained: git objects the workspace borrows from the runner's
// checkout (a shared clone's alternates) are copied in, so git works without reading the checkout.
import { execFile } from "node:child_process";
import { chmod, copyFile, mkdir, mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, isAbsolute, join, resolve } from "node:path";
import type { Identity } from "../rlm/python.js";
import { driverPath } from "../rlm/sandbox.js";

export interface VerifySpace {
  dir: string;
  confine: string;
  /** The copy of the workspace: the command's working directory. */
  tree: string;
  home: string;
  tmp: string;
  remove(): Promise<void>;
}

export async function prepareSpace(root: string, identity: Identity): Promise<VerifySpace> {
  const dir = await mkdtemp(join(tmpdir(), "rivumi-verify-"));
  const [confine, tree, home, tmp] = ["confine.py", "tree", "home", "tmp"].map((n) => join(dir, n));
  const remove = async () => {
    // What the command's user made there, only that user (or root) may delete; what the current
    // user made read-only (a Go module cache), it must make writable first.
    if (identity.kind === "sudo") await run("sudo", ["-n", "rm", "-rf", "--", dir]).catch(() => {});
    if (identity.kind === "self") await run("chmod", ["-R", "u+rwX", "--", dir]).catch(() => {});
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await copyFile(driverPath("confine.py"), confine!);
    await chmod(confine!, 0o644);
    for (const d of [home!, tmp!]) await mkdir(d);
    await run("cp", ["-a", "--", root, tree!]);
    await ownObjects(root, tree!);
    if (identity.kind === "uid") {
      // Root hands the whole folder to the command's user; nobody else can look in.
      await run("chown", ["-R", "-h", `${identity.uid}:${identity.gid}`, "--", dir]);
      await chmod(dir, 0o700);
    } else if (identity.kind === "sudo") {
      await chmod(dir, 0o711);
      const owner = `${identity.uid}:${identity.gid}`;
      await run("sudo", ["-n", "chown", "-R", "-h", owner, "--", tree!, home!, tmp!]);
    }
    return { dir, confine: confine!, tree: tree!, home: home!, tmp: tmp!, remove };
  } catch (error) {
    await remove();
    throw error;
  }
}

/** Copies the objects a shared clone borrows into the copy's own store, and drops the borrowing. */
async function ownObjects(root: string, tree: string): Promise<void> {
  const store = join(tree, ".git", "objects");
  const pending = await alternatesOf(join(root, ".git", "objects"));
  if (pending.length === 0) return;
  const seen = new Set<string>();
  for (let alt = pending.shift(); alt !== undefined; alt = pending.shift()) {
    // Written by the workspace's own `git clone --shared`; only an object store is followed.
    if (seen.has(alt) || basename(alt) !== "objects" || !(await isDir(alt))) continue;
    seen.add(alt);
    pending.push(...(await alternatesOf(alt)));
    await run("cp", ["-a", "--", `${alt}/.`, store]);
  }
  await rm(join(store, "info", "alternates"), { force: true });
}

async function alternatesOf(objects: string): Promise<string[]> {
  const text = await readFile(join(objects, "info", "alternates"), "utf8").catch(() => "");
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#"))
    .map((line) => (isAbsolute(line) ? line : resolve(objects, line)));
}

async function isDir(p: string): Promise<boolean> {
  return (await stat(p).catch(() => undefined))?.isDirectory() ?? false;
}

/** Runs a file-handling command (arguments, no shell); rejects with its message. */
function run(file: string, args: string[]): Promise<void> {
  return new Promise((done, fail) =>
    execFile(file, args, { timeout: 600_000 }, (error, _out, stderr) =>
      error ? fail(new Error(`${file} failed: ${String(stderr).trim() || error.message}`)) : done(),
    ),
  );
}
