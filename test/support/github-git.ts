/**
 * An in-memory git object database and refs for one repository, hashed the way git hashes
 * (`blob <len>\0…`), so SHAs are real and deterministic.
 */
import { createHash } from "node:crypto";
import { HttpError } from "./github-http.js";

export interface GitIdentity {
  name: string;
  email: string;
  /** ISO 8601, second precision. */
  date: string;
}

export type EntryType = "blob" | "tree" | "commit";

export interface TreeEntry {
  name: string;
  /** As the API shows it: `100644`, `100755`, `040000`, `160000`, `120000`. */
  mode: string;
  type: EntryType;
  sha: string;
}

export interface CommitObject {
  type: "commit";
  tree: string;
  parents: string[];
  message: string;
  author: GitIdentity;
  committer: GitIdentity;
}

export type GitObject =
  { type: "blob"; content: Buffer } | { type: "tree"; entries: TreeEntry[] } | CommitObject;

/** One change for `buildTree`: `sha: null` deletes the path; `content` writes a blob. */
export interface TreeChange {
  path: string;
  mode?: string;
  type?: EntryType;
  sha?: string | null;
  content?: string;
}

interface DirNode {
  entries: Map<string, TreeEntry | DirNode>;
}

const isDir = (node: TreeEntry | DirNode): node is DirNode => "entries" in node;

export class GitStore {
  readonly objects = new Map<string, GitObject>();
  /** Full ref names (`refs/heads/main`) to commit SHAs. */
  readonly refs = new Map<string, string>();

  get isEmpty(): boolean {
    return this.refs.size === 0;
  }

  writeBlob(content: Buffer): string {
    return this.put("blob", content, { type: "blob", content });
  }

  writeTree(entries: TreeEntry[]): string {
    const sorted = [...entries].sort((a, b) => compareEntries(a, b));
    const payload = Buffer.concat(
      sorted.flatMap((e) => [
        Buffer.from(`${e.mode.replace(/^0+/, "")} ${e.name}\0`),
        Buffer.from(e.sha, "hex"),
      ]),
    );
    return this.put("tree", payload, { type: "tree", entries: sorted });
  }

  writeCommit(commit: Omit<CommitObject, "type">): string {
    const sign = (who: GitIdentity): string =>
      `${who.name} <${who.email}> ${Math.floor(Date.parse(who.date) / 1000)} +0000`;
    const text = [
      `tree ${commit.tree}`,
      ...commit.parents.map((p) => `parent ${p}`),
      `author ${sign(commit.author)}`,
      `committer ${sign(commit.committer)}`,
      "",
      commit.message,
    ].join("\n");
    return this.put("commit", Buffer.from(text), { type: "commit", ...commit });
  }

  /** Stores an object as `payload` (its raw bytes) hashes, `object` being its parsed form. */
  writeRaw(kind: EntryType, payload: Buffer, object: GitObject): string {
    return this.put(kind, payload, object);
  }

  blob(sha: string): Buffer | undefined {
    const o = this.objects.get(sha);
    return o?.type === "blob" ? o.content : undefined;
  }

  tree(sha: string): TreeEntry[] | undefined {
    const o = this.objects.get(sha);
    return o?.type === "tree" ? o.entries : undefined;
  }

  commit(sha: string): CommitObject | undefined {
    const o = this.objects.get(sha);
    return o?.type === "commit" ? o : undefined;
  }

  /** True when `ancestor` is `descendant` or reachable from it through parents. */
  isAncestor(ancestor: string, descendant: string): boolean {
    const seen = new Set<string>();
    const queue = [descendant];
    for (let sha = queue.pop(); sha !== undefined; sha = queue.pop()) {
      if (sha === ancestor) return true;
      if (seen.has(sha)) continue;
      seen.add(sha);
      queue.push(...(this.commit(sha)?.parents ?? []));
    }
    return false;
  }

  /** A commit SHA for a branch, tag, `heads/x`, `refs/heads/x` or a commit SHA. */
  resolve(refish: string): string | undefined {
    const candidates = refish.startsWith("refs/")
      ? [refish]
      : [`refs/heads/${refish}`, `refs/tags/${refish}`, `refs/${refish}`];
    for (const name of candidates) {
      const sha = this.refs.get(name);
      if (sha) return sha;
    }
    return this.commit(refish) ? refish : undefined;
  }

  /** The blob or tree at `path` (empty path: the root tree) in a commit. */
  lookup(
    commitSha: string,
    path: string,
  ): { type: "blob"; sha: string; mode: string } | { type: "tree"; sha: string } | undefined {
    const root = this.commit(commitSha)?.tree;
    const parts = path.split("/").filter(Boolean);
    if (!root) return undefined;
    let treeSha: string = root;
    if (parts.length === 0) return { type: "tree", sha: treeSha };
    for (const [i, part] of parts.entries()) {
      const entry: TreeEntry | undefined = this.tree(treeSha)?.find((e) => e.name === part);
      if (!entry) return undefined;
      if (i === parts.length - 1) {
        return entry.type === "tree"
          ? { type: "tree", sha: entry.sha }
          : { type: "blob", sha: entry.sha, mode: entry.mode };
      }
      if (entry.type !== "tree") return undefined;
      treeSha = entry.sha;
    }
    return undefined;
  }

  /** Whether `path` names an entry of the tree (or of a tree under it). */
  pathInTree(treeSha: string, path: string): boolean {
    let entries = this.tree(treeSha);
    const parts = path.split("/").filter(Boolean);
    for (const [i, part] of parts.entries()) {
      const entry = entries?.find((e) => e.name === part);
      if (!entry) return false;
      if (i === parts.length - 1) return true;
      entries = entry.type === "tree" ? this.tree(entry.sha) : undefined;
    }
    return false;
  }

  /** Every blob under a tree, with full paths. */
  walk(treeSha: string, prefix = ""): Array<TreeEntry & { path: string }> {
    return (this.tree(treeSha) ?? []).flatMap((e) => {
      const path = prefix + e.name;
      const self = { ...e, path };
      return e.type === "tree" ? [self, ...this.walk(e.sha, `${path}/`)] : [self];
    });
  }

  /** Applies path changes on top of `baseTree` and writes the resulting trees; returns the root. */
  buildTree(baseTree: string | undefined, changes: TreeChange[]): string {
    if (baseTree !== undefined && !this.tree(baseTree)) {
      throw new HttpError(422, "Invalid tree info", {
        errors: [`base_tree ${baseTree} is not a tree`],
      });
    }
    const root = this.load(baseTree);
    for (const change of changes) {
      const parts = change.path.split("/").filter(Boolean);
      const name = parts.pop();
      if (!name) throw new HttpError(422, "Invalid tree info", { errors: ["tree.path is empty"] });
      let dir = root;
      for (const part of parts) {
        let next = dir.entries.get(part);
        if (next && !isDir(next)) {
          next = next.type === "tree" ? this.load(next.sha) : undefined;
        }
        if (!next) next = { entries: new Map() };
        dir.entries.set(part, next);
        dir = next;
      }
      if (change.sha === null) {
        dir.entries.delete(name);
        continue;
      }
      const type = change.type ?? "blob";
      let sha = change.sha;
      if (change.content !== undefined) {
        if (sha !== undefined) {
          throw new HttpError(422, "Invalid tree info", {
            errors: ["Use either tree.sha or content, not both"],
          });
        }
        sha = this.writeBlob(Buffer.from(change.content, "utf8"));
      }
      if (!sha || (type !== "commit" && this.objects.get(sha)?.type !== type)) {
        throw new HttpError(422, "Invalid tree info", {
          errors: [`tree.sha ${sha ?? ""} is not a valid ${type}`],
        });
      }
      dir.entries.set(name, { name, mode: change.mode ?? modeFor(type), type, sha });
    }
    return this.store(root);
  }

  /** Writes a commit with `files` changed on `branch` (created from nothing if missing). */
  commitFiles(
    branch: string,
    files: Record<string, string | Buffer | null>,
    message: string,
    author: GitIdentity,
  ): string {
    const parent = this.refs.get(`refs/heads/${branch}`);
    const tree = this.buildTree(
      parent ? this.commit(parent)!.tree : undefined,
      Object.entries(files).map(([path, content]) =>
        content === null
          ? { path, sha: null }
          : {
              path,
              sha: this.writeBlob(Buffer.isBuffer(content) ? content : Buffer.from(content)),
            },
      ),
    );
    const sha = this.writeCommit({
      tree,
      parents: parent ? [parent] : [],
      message,
      author,
      committer: author,
    });
    this.refs.set(`refs/heads/${branch}`, sha);
    return sha;
  }

  private load(treeSha: string | undefined): DirNode {
    const entries = new Map<string, TreeEntry | DirNode>();
    for (const e of treeSha ? (this.tree(treeSha) ?? []) : []) entries.set(e.name, e);
    return { entries };
  }

  private store(dir: DirNode): string {
    const entries: TreeEntry[] = [];
    for (const [name, node] of dir.entries) {
      if (!isDir(node)) {
        entries.push(node);
        continue;
      }
      if (node.entries.size === 0) continue; // git keeps no empty directories
      entries.push({ name, mode: "040000", type: "tree", sha: this.store(node) });
    }
    return this.writeTree(entries);
  }

  private put(kind: string, payload: Buffer, object: GitObject): string {
    const sha = createHash("sha1")
      .update(`${kind} ${payload.length}\0`)
      .update(payload)
      .digest("hex");
    this.objects.set(sha, object);
    return sha;
  }
}

function modeFor(type: EntryType): string {
  return type === "tree" ? "040000" : type === "commit" ? "160000" : "100644";
}

/** Git's tree order: byte order, with directory names compared as if they ended in `/`. */
function compareEntries(a: TreeEntry, b: TreeEntry): number {
  const key = (e: TreeEntry): Buffer => Buffer.from(e.type === "tree" ? `${e.name}/` : e.name);
  return Buffer.compare(key(a), key(b));
}
