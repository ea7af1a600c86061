// Paths given on the command line, checked before a run starts, so that a wrong one is a usage
// error naming the flag and the problem rather than an errno from deep inside the run.
import { errorText } from "../util/error-text.js";
import { accessSync, appendFileSync, constants, mkdirSync, statSync, type Stats } from "node:fs";
import { dirname, resolve } from "node:path";
import { UsageError } from "./usage-error.js";

function statOf(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

/** An existing directory (`--repo`, `--dir`), resolved against `base`. */
export function directoryArg(flag: string, value: string, base = "."): string {
  if (value === "") throw new UsageError(`${flag}: the value is empty; give a directory`);
  const path = resolve(base, value);
  const stat = statOf(path);
  if (!stat) throw new UsageError(`${flag} ${value}: no such directory`);
  if (!stat.isDirectory()) throw new UsageError(`${flag} ${value}: not a directory (a file?)`);
  return path;
}

/**
 * How a message names the repository `dir` (shown as `shown`): as `--repo …` when the flag chose
 * it, else as the folder itself (a `--repo` nobody typed would only confuse).
 */
export function repoLabel(dir: string, shown = dir): string {
  return resolve(dir) === process.cwd() ? shown : `--repo ${shown}`;
}

/** The error for a folder outside any git repository, naming `--repo` only when it was given. */
export function notARepository(dir: string): UsageError {
  if (repoLabel(dir) !== dir) return new UsageError(`--repo ${dir}: not inside a git repository`);
  return new UsageError(
    `not inside a git repository: ${resolve(dir)} (run rivumi in a clone, or point --repo at one)`,
  );
}

/** An existing regular file that can be read (`--input`, `--log`). */
export function readableFileArg(flag: string, value: string): string {
  if (value === "") throw new UsageError(`${flag}: the value is empty; give a file`);
  const path = resolve(value);
  const stat = statOf(path);
  const not = (why: string) => new UsageError(`${flag} ${value}: not a readable file (${why})`);
  if (!stat) throw not("no such file");
  if (stat.isDirectory()) throw not("a directory");
  if (!stat.isFile()) throw not("not a regular file");
  try {
    accessSync(path, constants.R_OK);
  } catch {
    throw not("no permission to read it");
  }
  return path;
}

/** Kernel file systems where files cannot be made (mkdir there may even loop in Node). */
const PSEUDO_ROOTS = ["/proc", "/sys"];

/**
 * A file Rivumi appends to (`--journal`, `--store`): not a directory, not below a file, and
 * creatable. Missing folders are made one level at a time, so a path on a kernel file system
 * fails at once instead of looping in a recursive mkdir. With `create: false` (a store that is
 * only read) nothing is made. Returns the absolute path.
 */
export function writableFileArg(flag: string, value: string, opts = { create: true }): string {
  if (value === "") throw new UsageError(`${flag}: the value is empty; give a file path`);
  const path = resolve(value);
  const stat = statOf(path);
  if (stat?.isDirectory()) throw new UsageError(`${flag} ${value}: a directory, not a file`);
  if (PSEUDO_ROOTS.some((root) => path === root || path.startsWith(`${root}/`)))
    throw new UsageError(
      `${flag} ${value}: under ${path.split("/", 2).join("/")}, where files cannot be written`,
    );
  if (!stat) {
    const missing: string[] = [];
    let dir = dirname(path);
    let found = statOf(dir);
    while (!found) {
      missing.unshift(dir);
      const up = dirname(dir);
      if (up === dir) break;
      dir = up;
      found = statOf(dir);
    }
    if (found && !found.isDirectory())
      throw new UsageError(
        `${flag} ${value}: ${dir} is a file, so nothing can be created under it`,
      );
    if (!opts.create) return path;
    for (const folder of missing) mkdirOrSay(flag, value, folder);
  }
  if (!opts.create) return path;
  try {
    appendFileSync(path, "");
  } catch (error) {
    throw new UsageError(`${flag} ${value}: cannot be written (${errno(error)})`);
  }
  return path;
}

function mkdirOrSay(flag: string, value: string, folder: string): void {
  try {
    mkdirSync(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST" && statOf(folder)?.isDirectory()) return;
    throw new UsageError(`${flag} ${value}: cannot create the folder ${folder} (${errno(error)})`);
  }
}

function errno(error: unknown): string {
  const e = error as NodeJS.ErrnoException;
  return e.code ?? errorText(error);
}
