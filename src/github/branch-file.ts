import { errorText } from "../util/error-text.js";
import type { Octokit } from "@octokit/rest";
import type { BranchFile, BranchFileUpdate } from "../memory-store/branch-file.js";
import { MemoryStoreError } from "../memory-store/store.js";

export interface BranchFileOptions {
  octokit: Octokit;
  owner: string;
  repo: string;
  /** Created as an orphan branch on the first write. */
  branch: string;
  /** The file's name, at the root of the branch. */
  path: string;
  /** Tries per write before giving up on a branch that keeps moving. */
  maxAttempts?: number;
  /**
   * Full-jitter exponential backoff between tries: random in [0, min(capMs, unit * 2^(n-1))), where
   * the unit is the time the failed try took, at least `baseMs`.
   */
  backoff?: { baseMs: number; capMs: number };
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

/** A branch file that can also be changed byte for byte (the memory keeps bytes it did not write). */
export interface RawBranchFile extends BranchFile {
  updateBytes(
    edit: (raw: Buffer) => Buffer | undefined,
    message: string,
  ): Promise<{ attempts: number; written: boolean; raw: Buffer }>;
}

interface Snapshot {
  /** The branch head, or undefined when the branch does not exist. */
  head: string | undefined;
  tree: string | undefined;
  /** The file's bytes, kept as they are. */
  raw: Buffer;
}

const statusOf = (error: unknown): number | undefined => {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === "number" ? status : undefined;
};

/**
 * A file on a branch, written through the git data API with compare-and-swap on the branch head:
 * build a commit on the head that was read, move the ref without force, and when GitHub answers
 * that it is not a fast forward (someone else wrote), read again and retry.
 */
export function createBranchFile(opts: BranchFileOptions): RawBranchFile {
  const { octokit, owner, repo, branch, path } = opts;
  const maxAttempts = opts.maxAttempts ?? 20;
  const { baseMs, capMs } = opts.backoff ?? { baseMs: 50, capMs: 5000 };
  const sleep = opts.sleep ?? ((ms: number) => new Promise((r) => setTimeout(r, ms)));
  const random = opts.random ?? Math.random;
  const source = `${owner}/${repo}@${branch}:${path}`;

  const fail = (error: unknown, doing: string): MemoryStoreError => {
    if (error instanceof MemoryStoreError) return error;
    const status = statusOf(error);
    const detail = `${doing} ${source}: ${errorText(error)}`;
    if (status === 401) return new MemoryStoreError("unauthorized", detail, { cause: error });
    if (status === 403) return new MemoryStoreError("forbidden", detail, { cause: error });
    if (status === 404) return new MemoryStoreError("not-found", detail, { cause: error });
    if (status === 409) return new MemoryStoreError("empty-repository", detail, { cause: error });
    return new MemoryStoreError("io", detail, { cause: error });
  };

  async function snapshot(): Promise<Snapshot> {
    const ref = `refs/heads/${branch}`;
    try {
      // The matching-refs listing answers [] for a missing branch and 404 only for a repository
      // the token cannot see, so a first use is not mistaken for a bad configuration.
      const { data: refs } = await octokit.rest.git.listMatchingRefs({
        owner,
        repo,
        ref: `heads/${branch}`,
      });
      const head = refs.find((r) => r.ref === ref)?.object.sha;
      if (head === undefined) return { head, tree: undefined, raw: Buffer.alloc(0) };
      // A commit SHA names its tree here, which saves reading the commit. The file is looked up
      // in the listing rather than asked for, so that a branch holding only the other file of the
      // two answers no 404 (which the client would log).
      const { data: listing } = await octokit.rest.git.getTree({ owner, repo, tree_sha: head });
      const entry = listing.tree.find((e) => e.path === path);
      if (entry && (entry.type !== "blob" || entry.sha === undefined)) {
        throw new MemoryStoreError("io", `${source} is not a file`);
      }
      const raw = entry?.sha ? await blobAt(entry.sha) : Buffer.alloc(0);
      return { head, tree: listing.sha, raw };
    } catch (error) {
      throw fail(error, "reading");
    }
  }

  /** A blob's bytes (the blob API serves files up to 100 MB). */
  async function blobAt(sha: string): Promise<Buffer> {
    const { data: blob } = await octokit.rest.git.getBlob({ owner, repo, file_sha: sha });
    return Buffer.from(blob.content, blob.encoding === "base64" ? "base64" : "utf8");
  }

  /** Writes `content` as a commit on the head read (or an orphan commit); returns its SHA. */
  async function commit(snap: Snapshot, content: Buffer, message: string): Promise<string> {
    const text = content.toString("utf8");
    try {
      // Text goes inline in the tree (one request less); bytes that are not UTF-8 (someone else
      // wrote them) go through a base64 blob so that they are kept exactly.
      const file = Buffer.from(text, "utf8").equals(content)
        ? { content: text }
        : {
            sha: (
              await octokit.rest.git.createBlob({
                owner,
                repo,
                content: content.toString("base64"),
                encoding: "base64",
              })
            ).data.sha,
          };
      const { data: tree } = await octokit.rest.git.createTree({
        owner,
        repo,
        ...(snap.tree !== undefined ? { base_tree: snap.tree } : {}),
        tree: [{ path, mode: "100644", type: "blob", ...file }],
      });
      const { data: created } = await octokit.rest.git.createCommit({
        owner,
        repo,
        message,
        tree: tree.sha,
        parents: snap.head !== undefined ? [snap.head] : [],
      });
      return created.sha;
    } catch (error) {
      throw fail(error, "writing to");
    }
  }

  /** Moves (or creates) the branch; on a refusal worth retrying, returns what GitHub said. */
  async function publish(snap: Snapshot, sha: string): Promise<string | undefined> {
    // The answer comes straight back to the loop below, which re-reads before trying again; a
    // client-level retry would only resend the same stale commit.
    const request = { retries: 0 };
    try {
      if (snap.head !== undefined) {
        await octokit.rest.git.updateRef({
          owner,
          repo,
          ref: `heads/${branch}`,
          sha,
          force: false,
          request,
        });
      } else {
        await octokit.rest.git.createRef({
          owner,
          repo,
          ref: `refs/heads/${branch}`,
          sha,
          request,
        });
      }
      return undefined;
    } catch (error) {
      // 422 "Update is not a fast forward" / "Reference already exists", 409 a concurrent update:
      // someone else wrote. After a 5xx the update may or may not have landed; the re-read tells,
      // since the caller's edit sees what is already there.
      const status = statusOf(error) ?? 0;
      if (status === 422 || status === 409 || status >= 500) return `${status} ${errorText(error)}`;
      throw fail(error, "moving the branch of");
    }
  }

  async function updateBytes(edit: (raw: Buffer) => Buffer | undefined, message: string) {
    for (let attempt = 1; ; attempt++) {
      const tried = Date.now();
      const snap = await snapshot();
      const content = edit(snap.raw);
      if (content === undefined) return { attempts: attempt, written: false, raw: snap.raw };
      const sha = await commit(snap, content, message);
      const refused = await publish(snap, sha);
      if (refused === undefined) return { attempts: attempt, written: true, raw: content };
      if (attempt >= maxAttempts) {
        throw new MemoryStoreError(
          "conflict",
          `gave up writing to ${source} after ${attempt} attempts; the last answer was ${refused}`,
        );
      }
      // The wait grows from the length of one try, so it suits a fast fake and a slow GitHub.
      const unit = Math.max(baseMs, Date.now() - tried);
      await sleep(random() * Math.min(capMs, unit * 2 ** (attempt - 1)));
    }
  }

  return {
    source,
    async read() {
      return (await snapshot()).raw.toString("utf8");
    },
    updateBytes,
    async update(edit, message): Promise<BranchFileUpdate> {
      let text = "";
      const done = await updateBytes((raw) => {
        text = raw.toString("utf8");
        const next = edit(text);
        if (next === undefined) return undefined;
        text = next;
        return Buffer.from(next, "utf8");
      }, message);
      return { attempts: done.attempts, written: done.written, text };
    },
  };
}
