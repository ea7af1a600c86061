import { execa } from "execa";
import { plural } from "../util/plural.js";
import { homedir, userInfo } from "node:os";
import { basename, isAbsolute, join } from "node:path";
// The local pieces only: the CLI starts without loading the GitHub client.
import { createFileStore } from "../context/memory/file-store.js";
import {
  ENTRY_TYPES,
  MEMORY_DIR_MAX,
  MEMORY_TEXT_MAX,
  isScopeDir,
  parseEntryType,
  randomId,
  serializeRow,
  type MemoryRecord,
  type MemoryTombstone,
} from "../memory-store/record.js";
import { formatEntry, selectMemory } from "../context/memory/retrieval.js";
import { parseStore } from "../memory-store/parse.js";
import { asksForHelp, parseCli } from "./args.js";
import { meant } from "./suggest.js";
import { writableFileArg } from "./paths.js";
import { UsageError } from "./usage-error.js";
import { printErr, printJson, printOut } from "./output.js";

export const USAGE = `usage: rivumi memory add --type TYPE --text TEXT [--dir DIR] [--user U] [--project P] [--store FILE]
       rivumi memory list [--user U] [--project P] [--store FILE] [--json]
       rivumi memory forget ID [--store FILE]

Explicit memory in a local JSONL file (the action keeps the same rows on a branch).
TYPE: ${ENTRY_TYPES.join(", ")} (short: pref, fact, project-pref).
--dir scopes a project entry to files under DIR (relative to the repository root, e.g. src/api),
as a /remember written in a review thread is scoped to its file's directory.
list prints what would be given to the model: your preferences plus the project's facts and
preferences, the latest 20, oldest first (an entry for a directory only to prompts about files
under it, shown as [TYPE in DIR/]); --json prints {"entries":[...],"skipped":N}.
Defaults: --store $RIVUMI_MEMORY_FILE, else $XDG_DATA_HOME/rivumi/memory.jsonl
(~/.local/share/rivumi/memory.jsonl); --user $USER; --project the origin remote's owner/repo,
else the repository folder name.`;

/** Entries `list` shows, as the action injects by default. */
const LIST_LIMIT = 20;

/** What the command reads from and writes to; tests pass their own. */
export interface MemoryCliIo {
  env: NodeJS.ProcessEnv;
  cwd: string;
  stdout: (text: string) => void;
  now?: () => Date;
}

/** `rivumi memory add|list|forget`: the local store. */
export async function run(argv: string[]): Promise<number> {
  return runMemory(argv, {
    env: process.env,
    cwd: process.cwd(),
    // A row or the list's JSON is one JSON object per line; anything else is text.
    stdout: (text) => (text.startsWith("{") ? printJson : printOut)(text),
  });
}

export async function runMemory(argv: string[], io: MemoryCliIo): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub === "help" || asksForHelp(argv)) {
    io.stdout(`${USAGE}\n`);
    return 0;
  }
  if (sub === undefined) {
    printErr("rivumi: a subcommand is required: add, list or forget\n");
    return 2;
  }
  const allowed: Record<string, string[]> = {
    add: ["type", "text", "dir", "user", "project", "store"],
    list: ["user", "project", "store", "json"],
    forget: ["store"],
  };
  const options = allowed[sub];
  if (!options) {
    const hint = ["delete", "remove", "rm"].includes(sub) ? " (to remove an entry: forget ID)" : "";
    const guess = hint ? "" : meant(sub, Object.keys(allowed), "rivumi memory ");
    throw new UsageError(`unknown memory command '${sub}'${guess}; use add, list or forget${hint}`);
  }
  const { values, positionals } = parseCli(
    {
      args: rest,
      options: {
        type: { type: "string" },
        text: { type: "string" },
        dir: { type: "string" },
        user: { type: "string" },
        project: { type: "string" },
        store: { type: "string" },
        json: { type: "boolean", default: false },
      },
      allowPositionals: sub === "forget",
    },
    USAGE,
    `rivumi memory ${sub}`,
  );
  const extra = Object.keys(values).filter((k) => !options.includes(k) && k !== "json");
  if (extra.length > 0 || (sub !== "list" && values.json)) {
    throw new UsageError(`'memory ${sub}' does not take --${[...extra, "json"][0]}\n${USAGE}`);
  }
  // `list` only reads: a missing store is an empty one and nothing is created for it.
  const storePath = writableFileArg(
    values.store !== undefined ? "--store" : "the store ($RIVUMI_MEMORY_FILE or the default)",
    values.store ?? defaultStorePath(io.env),
    { create: sub !== "list" },
  );
  const store = createFileStore(storePath);
  const now = () => (io.now ?? (() => new Date()))().toISOString();

  if (sub === "add") {
    const type = parseEntryType(values.type ?? "");
    if (!type) throw new UsageError(`--type must be one of ${ENTRY_TYPES.join(", ")}\n${USAGE}`);
    const text = (values.text ?? "").trim();
    if (text === "") throw new UsageError(`--text must not be empty\n${USAGE}`);
    if ([...text].length > MEMORY_TEXT_MAX)
      throw new UsageError(`--text is longer than ${MEMORY_TEXT_MAX} characters`);
    const dir = values.dir?.replace(/^(\.\/)+/, "").replace(/\/+$/, "");
    if (dir !== undefined && (!isScopeDir(dir) || dir.length > MEMORY_DIR_MAX))
      throw new UsageError(
        `--dir must be a directory relative to the repository root, such as src/api, without '..'`,
      );
    if (dir !== undefined && type === "user-preference")
      throw new UsageError("--dir scopes a project entry; a user-preference holds everywhere");
    const entry: MemoryRecord = {
      v: 1,
      id: randomId(),
      type,
      text,
      user: values.user ?? defaultUser(io.env),
      project: values.project ?? (await defaultProject(io.cwd)),
      ...(dir !== undefined ? { dir } : {}),
      created_at: now(),
    };
    await store.append(entry);
    io.stdout(`${serializeRow(entry)}\n`);
    return 0;
  }

  if (sub === "list") {
    const user = values.user ?? defaultUser(io.env);
    const project = values.project ?? (await defaultProject(io.cwd));
    const parsed = parseStore(await store.read());
    const entries = selectMemory(parsed.rows, { user, project, limit: LIST_LIMIT });
    if (values.json) {
      const stored = entries.map((e) => JSON.parse(serializeRow(e)) as unknown);
      io.stdout(`${JSON.stringify({ entries: stored, skipped: parsed.skipped })}\n`);
      return 0;
    }
    for (const e of entries) io.stdout(`${e.id}  ${formatEntry(e)}\n`);
    io.stdout(
      `${plural(entries.length, "entry", "entries")} for ${user} in ${project} (latest ${LIST_LIMIT}); ` +
        `${plural(parsed.rows.length, "row")} read, ${parsed.skipped} skipped; store ${store.source}\n`,
    );
    return 0;
  }

  const [target, ...more] = positionals;
  if (!target || more.length > 0) throw new UsageError(`'memory forget' takes one ID\n${USAGE}`);
  const { rows } = parseStore(await store.read());
  const entry = rows.find((r) => r.id === target);
  if (!entry || entry.type === "forget")
    throw new UsageError(`no memory entry ${target} in ${store.source}`);
  if (rows.some((r) => r.type === "forget" && r.target === target)) {
    io.stdout(`${target} was already forgotten\n`);
    return 0;
  }
  const tombstone: MemoryTombstone = {
    v: 1,
    id: randomId(),
    type: "forget",
    target,
    user: defaultUser(io.env),
    created_at: now(),
  };
  await store.append(tombstone);
  io.stdout(`${serializeRow(tombstone)}\n`);
  return 0;
}

/** `$RIVUMI_MEMORY_FILE`, else `$XDG_DATA_HOME/rivumi/memory.jsonl`, else under `~/.local/share`. */
export function defaultStorePath(env: NodeJS.ProcessEnv): string {
  if (env.RIVUMI_MEMORY_FILE) return env.RIVUMI_MEMORY_FILE;
  // The XDG spec says a relative XDG_DATA_HOME is invalid and must be ignored.
  const data =
    env.XDG_DATA_HOME && isAbsolute(env.XDG_DATA_HOME)
      ? env.XDG_DATA_HOME
      : join(env.HOME || homedir(), ".local", "share");
  return join(data, "rivumi", "memory.jsonl");
}

function defaultUser(env: NodeJS.ProcessEnv): string {
  const user = env.USER || userInfo().username;
  if (!user) throw new UsageError("cannot tell who you are: set $USER or pass --user");
  return user;
}

/** `owner/repo` of a remote URL (https, ssh or scp-like); undefined for local paths. */
export function projectFromRemote(url: string): string | undefined {
  const u = url.trim();
  let path: string | undefined;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(u)) {
    if (/^file:/i.test(u)) return undefined;
    try {
      path = new URL(u).pathname;
    } catch {
      return undefined;
    }
  } else if (/^[^/\s:]+:(?!\/\/)/.test(u) && !/^[A-Za-z]:[\\/]/.test(u)) {
    path = u.slice(u.indexOf(":") + 1);
  }
  const parts = (path ?? "")
    .replace(/\.git\/?$|\/+$/g, "")
    .split("/")
    .filter(Boolean)
    .map((p) => decodeURIComponent(p));
  return parts.length >= 2 ? parts.join("/") : undefined;
}

/** The `origin` remote's `owner/repo`, else the repository's folder name, else the folder's. */
export async function defaultProject(cwd: string): Promise<string> {
  const git = (...args: string[]) => execa("git", args, { cwd, reject: false });
  const remote = await git("remote", "get-url", "origin");
  const fromRemote = remote.exitCode === 0 ? projectFromRemote(String(remote.stdout)) : undefined;
  if (fromRemote) return fromRemote;
  const top = await git("rev-parse", "--show-toplevel");
  return basename(top.exitCode === 0 ? String(top.stdout).trim() : cwd);
}
