/**
 * Commits of a real git repository copied into the fake's object store under their own SHAs, so
 * that a workspace cloned from a repository on disk and the loopback GitHub agree on every commit
 * and tree: a branch commit made through the API then has the clone's head as its parent.
 *
 *   await importGitHistory(github.repo("o/r").git, fixture.origin, [fixture.headSha]);
 */
import { execa } from "execa";
import type {
  CommitObject,
  EntryType,
  GitIdentity,
  GitObject,
  GitStore,
  TreeEntry,
} from "./github-git.js";

/** Copies every object reachable from `revs` in the repository at `dir`; returns their count. */
export async function importGitHistory(
  store: GitStore,
  dir: string,
  revs: readonly string[],
): Promise<number> {
  const listed = await execa("git", ["rev-list", "--objects", ...revs, "--"], { cwd: dir });
  const ids = listed.stdout
    .split("\n")
    .map((line) => line.slice(0, 40))
    .filter((id) => /^[0-9a-f]{40}$/.test(id));
  const batch = await execa("git", ["cat-file", "--batch"], {
    cwd: dir,
    input: ids.join("\n") + "\n",
    encoding: "buffer",
  });
  const out = Buffer.from(batch.stdout);
  let at = 0;
  for (const id of ids) {
    const headerEnd = out.indexOf(0x0a, at);
    const [sha, kind, size] = out.subarray(at, headerEnd).toString("latin1").split(" ");
    if (sha !== id || !kind || size === undefined)
      throw new Error(`git cat-file: unexpected ${sha} ${kind}`);
    const payload = out.subarray(headerEnd + 1, headerEnd + 1 + Number(size));
    at = headerEnd + 1 + Number(size) + 1;
    const stored = store.writeRaw(kind as EntryType, Buffer.from(payload), parse(kind, payload));
    if (stored !== id) throw new Error(`hashing ${id} gave ${stored}`);
  }
  return ids.length;
}

function parse(kind: string, payload: Buffer): GitObject {
  if (kind === "blob") return { type: "blob", content: Buffer.from(payload) };
  if (kind === "tree") return { type: "tree", entries: treeEntries(payload) };
  if (kind === "commit") return commit(payload.toString("utf8"));
  throw new Error(`cannot import a ${kind} object`);
}

function treeEntries(payload: Buffer): TreeEntry[] {
  const entries: TreeEntry[] = [];
  for (let at = 0; at < payload.length;) {
    const space = payload.indexOf(0x20, at);
    const nul = payload.indexOf(0, space);
    const mode = payload.subarray(at, space).toString("latin1");
    const name = payload.subarray(space + 1, nul).toString("utf8");
    const sha = payload.subarray(nul + 1, nul + 21).toString("hex");
    const type: EntryType = mode === "40000" ? "tree" : mode === "160000" ? "commit" : "blob";
    entries.push({ name, mode: mode.padStart(6, "0"), type, sha });
    at = nul + 21;
  }
  return entries;
}

function commit(text: string): CommitObject {
  const split = text.indexOf("\n\n");
  const headers = text.slice(0, split).split("\n");
  const value = (name: string) =>
    headers.filter((h) => h.startsWith(`${name} `)).map((h) => h.slice(name.length + 1));
  return {
    type: "commit",
    tree: value("tree")[0] ?? "",
    parents: value("parent"),
    message: text.slice(split + 2),
    author: identity(value("author")[0] ?? ""),
    committer: identity(value("committer")[0] ?? ""),
  };
}

/** `Name <email> 1733356800 +0100` as the API shows it (the date in UTC). */
function identity(line: string): GitIdentity {
  const match = /^(.*) <(.*)> (\d+) [+-]\d{4}$/.exec(line);
  if (!match) return { name: line, email: "", date: new Date(0).toISOString() };
  const date = new Date(Number(match[3]) * 1000).toISOString().replace(/\.\d{3}Z$/, "Z");
  return { name: match[1]!, email: match[2]!, date };
}
