// The REPL's private directory, environment and resource limits.
import { execFile } from "node:child_process";
import { constants, existsSync } from "node:fs";
import {
  chmod,
  chown,
  copyFile,
  mkdir,
  mkdtemp,
  open,
  rm,
  stat,
  writeFile,
  type FileHandle,
} from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Identity } from "./python.js";

/** The input, handed to the REPL by file: a path to copy, or text to write. */
export type RlmInput = { path: string } | { text: string };

/**
 * driver.py and confine.py (its confinement) sit beside this module in the sources and beside
 * the bundle once built (dist/), which is one level up when this code lands in a split chunk
 * (dist/chunks/).
 */
export function driverPath(name: "driver.py" | "confine.py" = "driver.py"): string {
  const candidates = [
    fileURLToPath(new URL(`./${name}`, import.meta.url)),
    fileURLToPath(new URL(`../${name}`, import.meta.url)),
  ];
  const found = candidates.find((p) => existsSync(p));
  if (!found) throw new Error(`${name} is missing; looked at ${candidates.join(" and ")}`);
  return found;
}

const GIB = 1024 ** 3;

export interface ReplLimits {
  /** Address space: a Python str can take 4 bytes a character, plus working copies. */
  memoryBytes: number;
  cpuSeconds: number;
  fileBytes: number;
  /** Not set when the REPL shares the host's user: the count would include the user's other processes. */
  processes: number | undefined;
}

export function limitsFor(inputBytes: number, identity: Identity): ReplLimits {
  return {
    memoryBytes: inputBytes * 6 + GIB,
    cpuSeconds: 1800,
    fileBytes: 512 * 1024 ** 2,
    processes: identity.kind === "self" ? undefined : 256,
  };
}

export function describeLimits(l: ReplLimits): string {
  const mib = (n: number) => `${Math.round(n / 1024 ** 2)} MiB`;
  const nproc = l.processes === undefined ? "" : ` nproc=${l.processes}`;
  return `rlimits as=${mib(l.memoryBytes)} cpu=${l.cpuSeconds}s fsize=${mib(l.fileBytes)}${nproc}`;
}

/** Only what Python needs; nothing from the host's environment that could be a secret. */
export function replEnv(work: string): Record<string, string> {
  return {
    PATH: process.env.PATH ?? "/usr/local/bin:/usr/bin:/bin",
    HOME: work,
    TMPDIR: work,
    LANG: "C.UTF-8",
    LC_ALL: "C.UTF-8",
    // glibc backs malloc with transparent huge pages: a helper building records as large as the
    // input (chunk, _context) faults in 512 times fewer pages. Other C libraries ignore it.
    GLIBC_TUNABLES: "glibc.malloc.hugetlb=1",
    ...(process.env.TZ ? { TZ: process.env.TZ } : {}),
  };
}

export interface Sandbox {
  dir: string;
  driver: string;
  input: string;
  /** The REPL's working directory. */
  work: string;
  /** The input's size when the sandbox was made (the limits are set from it). */
  inputBytes: number;
  /**
   * Settles once the input file holds the input: it is created empty (so the REPL's confinement
   * can name it) and filled while Python starts, which the driver waits for before mapping it.
   */
  filled: Promise<void>;
  remove(): Promise<void>;
}

/**
 * Writes the input into the (empty) file at `path`, keeping its inode. A copy takes the original's
 * mode, so the REPL's read is granted again after it (by the path, which names the same file).
 */
async function fillInput(input: RlmInput, path: string): Promise<void> {
  if ("path" in input) await copyFile(input.path, path, constants.COPYFILE_FICLONE);
  else await writeFile(path, input.text);
  await chmod(path, 0o644);
}

/** A fresh directory holding the driver and the input, readable (only) by the REPL's user. */
export async function prepareSandbox(input: RlmInput, identity: Identity): Promise<Sandbox> {
  const dir = await mkdtemp(join(tmpdir(), "rivumi-rlm-"));
  const remove = async () => {
    // What the REPL's user created under sudo, only that user (or root) can delete.
    if (identity.kind === "sudo")
      await new Promise((done) => execFile("sudo", ["-n", "rm", "-rf", "--", dir], done));
    await rm(dir, { recursive: true, force: true });
  };
  let opened: FileHandle | undefined;
  try {
    const driver = join(dir, "driver.py");
    const confine = join(dir, "confine.py");
    const file = join(dir, "input.txt");
    const work = join(dir, "work");
    const inputBytes =
      "path" in input ? (await stat(input.path)).size : Buffer.byteLength(input.text);
    await copyFile(driverPath(), driver);
    await copyFile(driverPath("confine.py"), confine);
    await writeFile(file, "");
    await mkdir(work);
    const own = async (f: string, mode: number) => {
      await chmod(f, mode);
      if (identity.kind === "uid") await chown(f, identity.uid, identity.gid);
    };
    for (const f of [driver, confine, file]) await own(f, 0o644);
    // Filled in place, so the file keeps the inode the REPL's confinement grants. A copy, not a
    // link: the REPL maps the file, and a truncated original would kill it. Where the file system
    // can share the blocks (btrfs, XFS, APFS) the copy is a clone and costs nothing.
    let fill = () => fillInput(input, file);
    if (identity.kind === "uid") {
      if (existsSync("/proc/self/fd")) {
        // The folder is the REPL user's while root fills the file, so root writes through a
        // handle opened before: the user could swap the name for a link to a file of root's.
        const handle = (opened = await open(file, "r+"));
        fill = () => fillInput(input, `/proc/self/fd/${handle.fd}`).finally(() => handle.close());
      } else {
        await fill(); // no handle to write through: filled before the folder is handed over
        fill = () => Promise.resolve();
      }
      // Root hands the whole directory to the REPL's user; nobody else can look in.
      for (const p of [dir, work]) await chown(p, identity.uid, identity.gid);
      await chmod(dir, 0o700);
    } else if (identity.kind === "sudo") {
      await chmod(dir, 0o711);
      await chmod(work, 0o1777);
    }
    const filled = fill();
    filled.catch(() => undefined); // awaited by whoever starts the REPL; never unhandled here
    return { dir, driver, input: file, work, inputBytes, filled, remove };
  } catch (error) {
    await opened?.close();
    await remove();
    throw error;
  }
}
