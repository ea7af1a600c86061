import { existsSync } from "node:fs";
import { homedir } from "node:os";
import { resolve } from "node:path";
import { assembleContext, type AssembledContext } from "../context/assemble.js";
import { gitFileSource } from "../context/files/git-source.js";
import { worktreeFileSource } from "../context/files/worktree-source.js";
import type { InstructionsLayering, UserLayerEntry } from "../context/instructions/types.js";
import type { SessionMemory } from "../context/session-context.js";
import { defaultUserFile, readUserFile } from "../context/instructions/user-layer.js";
import type { Journal } from "../journal/journal.js";
import { MemoryJournal } from "../journal/journal.js";
import type { RejectReason } from "../context/files/types.js";
import { UsageError } from "./usage-error.js";

export const MAX_BYTES = 32_768;
export const TOTAL_BYTES = 65_536;

/** Why a user file was refused, in words. */
const REFUSED: Record<RejectReason, string> = {
  symlink: "a symbolic link; give the file it points to",
  "not-regular": "not a regular file (a directory?)",
  "too-large": `larger than ${MAX_BYTES} bytes`,
  "not-utf8": "not valid UTF-8 text",
  "nul-byte": "contains a NUL byte, so it is not text",
  "symlinked-directory": "reached through a symbolic link",
};

/**
 * The CLI's user layer: `--user-file F`, else `$XDG_CONFIG_HOME/rivumi/RIVUMI.md` when it exists.
 * A file given with `--user-file` that cannot be used is a usage error; the default one, when
 * refused, shows as refused in the diagnostics like any instruction file.
 */
export async function cliUserLayer(userFile: string | undefined): Promise<UserLayerEntry[]> {
  const path = userFile ?? defaultUserFile(process.env, homedir());
  if (!userFile && !existsSync(path)) return [];
  const entry = await readUserFile(resolve(path), path, MAX_BYTES);
  if (!entry) throw new UsageError(`--user-file ${path}: no such file`);
  if (userFile && "ok" in entry && !entry.ok)
    throw new UsageError(`--user-file ${userFile}: ${REFUSED[entry.reason]}`);
  return [entry];
}

/** Checks `--user-file` before a run starts, so a bad one stops it with a usage error. */
export async function checkUserFile(userFile: string): Promise<void> {
  if (userFile === "") throw new UsageError("--user-file: the value is empty; give a file");
  await cliUserLayer(userFile);
}

export interface LocalContextOptions {
  root: string;
  /** A revision to read instructions from; the working tree when undefined. */
  ref?: string | undefined;
  activeDirs: readonly string[];
  userFile?: string | undefined;
  /** `--instructions-layering`; `override` when not given. */
  layering?: InstructionsLayering | undefined;
  memory?: SessionMemory;
  journal?: Journal;
}

/** Instructions and skills for a local checkout, under the same rules the action applies. */
export async function localContext(opts: LocalContextOptions): Promise<AssembledContext> {
  const source = opts.ref
    ? await gitFileSource(opts.root, opts.ref)
    : worktreeFileSource(opts.root);
  return assembleContext({
    source,
    activeDirs: opts.activeDirs.length > 0 ? opts.activeDirs : ["."],
    userLayer: await cliUserLayer(opts.userFile),
    maxBytes: MAX_BYTES,
    totalBytes: TOTAL_BYTES,
    layering: opts.layering,
    memory: opts.memory ?? { entries: [], source: undefined },
    edits: false,
    reloadable: !opts.ref,
    journal: opts.journal ?? new MemoryJournal(),
  });
}

/**
 * The CLI's memory: the local JSONL store (`$RIVUMI_MEMORY_FILE`, else under `$XDG_DATA_HOME`),
 * for `$USER` and this checkout's project. A missing store is an empty one.
 */
export async function localMemory(root: string, journal: Journal): Promise<SessionMemory> {
  const [{ createFileStore, loadMemory, sessionMemoryOf }, { defaultStorePath, defaultProject }] =
    await Promise.all([import("../context/memory/index.js"), import("./memory-command.js")]);
  const store = createFileStore(defaultStorePath(process.env));
  const loaded = await loadMemory({
    store,
    user: process.env.USER ?? "",
    project: await defaultProject(root),
    limit: 20,
    journal,
  });
  return sessionMemoryOf(loaded.entries, store.source, 20);
}
