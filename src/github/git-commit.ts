/**
 * One commit on a pull request's head branch through GitHub's Git Data API: blobs for bytes that
 * are not text, one tree on the parent's tree, one commit with the parent as its only parent, the
 * ref moved without force. No git credentials anywhere; nothing is written on a fork or a head
 * that moved, and a refused ref update leaves only unreferenced objects behind.
 */
import type { Octokit } from "@octokit/rest";
import { errorText } from "../util/error-text.js";
import { call } from "./call.js";
import type {
  BranchCommit,
  BranchCommitRequest,
  CallOptions,
  GitRequestRecord,
  RepoRef,
  TreeChange,
} from "./port.js";

/** Text up to this size goes inline in the tree request; anything larger goes as a blob. */
const INLINE_MAX_BYTES = 256 * 1024;
/** Tries of the ref update while it fails without an answer (5xx, timeout) and the head stays put. */
const REF_UPDATE_TRIES = 3;

const ROUTES = {
  pull: "/repos/{owner}/{repo}/pulls/{pull_number}",
  commit: "/repos/{owner}/{repo}/git/commits/{commit_sha}",
  blobs: "/repos/{owner}/{repo}/git/blobs",
  trees: "/repos/{owner}/{repo}/git/trees",
  commits: "/repos/{owner}/{repo}/git/commits",
  ref: "/repos/{owner}/{repo}/git/refs/{ref}",
  getRef: "/repos/{owner}/{repo}/git/ref/{ref}",
} as const;

type TreeEntry =
  | { path: string; mode: TreeChange["mode"]; type: "blob"; content: string }
  | { path: string; mode: TreeChange["mode"]; type: "blob"; sha: string | null };

export async function commitToBranch(
  octokit: Octokit,
  { owner, repo }: RepoRef,
  req: BranchCommitRequest,
  opts?: CallOptions,
): Promise<BranchCommit> {
  if (req.changes.length === 0) throw new Error("commitToBranch: there are no changes to commit");
  const requests: GitRequestRecord[] = [];
  const request = call({ signal: opts?.signal && abortingAsAbortError(opts.signal) });
  const recorded = recorder(requests);

  const { data: pull } = await recorded("GET", ROUTES.pull, `pull #${req.pr}`, () =>
    octokit.rest.pulls.get({ owner, repo, pull_number: req.pr, request }),
  );
  // A fork's head repository may be gone (null); its label still says whose it was.
  const headRepo = pull.head.repo?.full_name;
  if (headRepo?.toLowerCase() !== pull.base.repo.full_name.toLowerCase()) {
    return { kind: "fork", headRepo: headRepo ?? pull.head.label, requests };
  }
  const branch = pull.head.ref;
  // A pull request from the default branch (into a release branch, say): a fix would land on it.
  if (branch === pull.base.repo.default_branch)
    return {
      kind: "refused",
      status: 0,
      message: `the pull request's head is ${branch}, the repository's default branch; a fix never commits there`,
      branch,
      requests,
    };
  if (pull.head.sha !== req.parent) return { kind: "moved", head: pull.head.sha, branch, requests };

  try {
    const { data: parent } = await recorded("GET", ROUTES.commit, `commit ${req.parent}`, () =>
      octokit.rest.git.getCommit({ owner, repo, commit_sha: req.parent, request }),
    );
    const entries: TreeEntry[] = [];
    for (const change of req.changes) {
      entries.push(await treeEntry(change));
    }
    const deletions = req.changes.filter((c) => c.content === null).length;
    const blobs = entries.filter((e) => "sha" in e && e.sha !== null).length;
    const treeSummary =
      `tree base=${parent.tree.sha} ${entries.length} entries` +
      ` (${deletions} deletion${deletions === 1 ? "" : "s"}, ${blobs} blob${blobs === 1 ? "" : "s"})`;
    const { data: tree } = await recorded("POST", ROUTES.trees, treeSummary, () =>
      octokit.rest.git.createTree({
        owner,
        repo,
        base_tree: parent.tree.sha,
        tree: entries,
        request,
      }),
    );
    // No author, committer or signature: GitHub then signs the commit for the app (verified).
    const { data: commit } = await recorded(
      "POST",
      ROUTES.commits,
      `commit tree=${tree.sha} parent=${req.parent} (${req.message.length} characters of message)`,
      () =>
        octokit.rest.git.createCommit({
          owner,
          repo,
          message: req.message,
          tree: tree.sha,
          parents: [req.parent],
          request,
        }),
    );
    const moved = await moveRef(commit.sha);
    if (moved) return moved;
    return {
      kind: "committed",
      sha: commit.sha,
      url: commit.html_url,
      tree: tree.sha,
      branch,
      verified: commit.verification?.verified ?? false,
      requests,
    };
  } catch (error) {
    opts?.signal?.throwIfAborted();
    const status = statusOf(error);
    if (status === 403 || status === 409 || status === 422) {
      return { kind: "refused", status, message: gitHubMessage(error), branch, requests };
    }
    throw error;
  }

  async function treeEntry(change: TreeChange): Promise<TreeEntry> {
    const { path, mode } = change;
    if (change.content === null) return { path, mode, type: "blob", sha: null };
    const text = inlineText(change.content);
    if (text !== undefined) return { path, mode, type: "blob", content: text };
    const summary = `blob ${path} ${change.content.byteLength} bytes (base64)`;
    const { data } = await recorded("POST", ROUTES.blobs, summary, () =>
      octokit.rest.git.createBlob({
        owner,
        repo,
        content: Buffer.from(change.content!).toString("base64"),
        encoding: "base64",
        request,
      }),
    );
    return { path, mode, type: "blob", sha: data.sha };
  }

  /**
   * Moves the branch to `sha` without force; undefined when it moved there. The caller's abort is
   * honoured up to here and not during the update, so that the answer says what the branch holds.
   * A client-level retry would resend a stale update: an update without an answer is retried here
   * only while the branch is still at the parent, and one that landed is recognised by the ref.
   */
  async function moveRef(sha: string): Promise<BranchCommit | undefined> {
    for (let attempt = 1; ; attempt++) {
      opts?.signal?.throwIfAborted();
      // A non-forced update takes any fast-forward: after a force-push back to an ancestor of the
      // parent, the fix commit would be one and bring the dropped commits back. The ref is read
      // right before the update, so only a push in the moment between the two can slip through.
      const before = await branchHead().catch((error: unknown) => {
        if (statusOf(error) === 404) return undefined;
        throw error;
      });
      if (before === undefined)
        return {
          kind: "refused",
          status: 404,
          message: `the branch ${branch} no longer exists`,
          branch,
          requests,
        };
      if (before !== req.parent && before !== sha)
        return { kind: "moved", head: before, branch, requests };
      if (before === sha) return undefined;
      opts?.signal?.throwIfAborted();
      let failure: unknown;
      try {
        await recorded("PATCH", ROUTES.ref, `ref heads/${branch} -> ${sha} (force: false)`, () =>
          octokit.rest.git.updateRef({
            owner,
            repo,
            ref: `heads/${branch}`,
            sha,
            force: false,
            request: { retries: 0 },
          }),
        );
        return undefined;
      } catch (error) {
        failure = error;
      }
      const status = statusOf(failure);
      const notFastForward = status === 422 && /fast.?forward/i.test(gitHubMessage(failure));
      if (notFastForward) {
        const now = await branchHead().catch(() => "");
        return { kind: "moved", head: now, branch, requests };
      }
      if (status !== undefined && status < 500) throw failure;
      const now = await branchHead();
      if (now === sha) return undefined;
      if (now !== req.parent) return { kind: "moved", head: now, branch, requests };
      if (attempt >= REF_UPDATE_TRIES) throw failure;
    }
  }

  /** The branch's commit as the ref says now (the pull request's head can lag behind a push). */
  async function branchHead(): Promise<string> {
    const { data } = await recorded("GET", ROUTES.getRef, `ref heads/${branch}`, () =>
      octokit.rest.git.getRef({ owner, repo, ref: `heads/${branch}`, request }),
    );
    return data.object.sha;
  }
}

/**
 * A signal that follows `signal` but aborts with an AbortError, whatever the caller's reason:
 * Octokit turns any other reason into a 500, which its retry plugin would send again.
 */
function abortingAsAbortError(signal: AbortSignal): AbortSignal {
  const controller = new AbortController();
  const abort = () => controller.abort(new DOMException("the commit was abandoned", "AbortError"));
  if (signal.aborted) abort();
  else signal.addEventListener("abort", abort, { once: true });
  return controller.signal;
}

/** Records each request (route, status, a summary without content) as it is answered. */
function recorder(requests: GitRequestRecord[]) {
  return async <T extends { status: number }>(
    method: string,
    route: string,
    summary: string,
    send: () => Promise<T>,
  ): Promise<T> => {
    try {
      const response = await send();
      requests.push({ method, route, status: response.status, summary });
      return response;
    } catch (error) {
      requests.push({ method, route, status: statusOf(error) ?? 0, summary });
      throw error;
    }
  };
}

/**
 * The content as text when it can travel inline and come back byte for byte: valid UTF-8 (a byte
 * order mark kept), no NUL, not too large. Anything else is sent as a base64 blob.
 */
function inlineText(content: Uint8Array): string | undefined {
  if (content.byteLength > INLINE_MAX_BYTES || content.includes(0)) return undefined;
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(content);
  } catch {
    return undefined;
  }
}

function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === "number" ? status : undefined;
}

/** GitHub's own words for a refusal: the body's message and its errors, else the error's text. */
function gitHubMessage(error: unknown): string {
  const data = (error as { response?: { data?: unknown } } | null)?.response?.data as
    { message?: unknown; errors?: unknown } | undefined;
  const message = typeof data?.message === "string" ? data.message.trim() : "";
  const details = (Array.isArray(data?.errors) ? data.errors : [])
    .map((e) => (typeof e === "string" ? e : (e as { message?: unknown } | null)?.message))
    .filter((e): e is string => typeof e === "string" && e.length > 0);
  const text = [message, ...details].filter(Boolean).join(": ");
  return text || errorText(error);
}
