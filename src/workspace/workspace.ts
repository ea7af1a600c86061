import { existsSync, mkdirSync, rmSync, statSync } from "node:fs";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { git, gitAuthEnv, runGitProcess } from "./git.js";

export interface Workspace {
  /** The disposable clone the agent works in. */
  root: string;
  /** Sibling folder for run artifacts (journal, result file). */
  artifacts: string;
  head: string;
  /** The merge base of base and head: the diff under review is `mergeBase...head`. */
  mergeBase: string;
  source: "shared-clone" | "fresh-clone";
  /**
   * Resolves once the working tree holds the head. Whatever reads or writes the workspace's
   * files (the agent's tools, instructions read from the working tree, the changes patch) awaits
   * it first; for a workspace made with `worktree: "now"` it has resolved already.
   */
  worktree(): Promise<void>;
  dispose(): Promise<void>;
}

export interface WorkspaceRequest {
  /** Run folder, `RUNNER_TEMP/rivumi/<run id>`. */
  runDir: string;
  /** The runner's checkout, borrowed read-only for its objects when it is a full clone. */
  checkout: string | undefined;
  /** Where to fetch from. */
  remoteUrl: string;
  token: string | undefined;
  head: string;
  base: string;
  /** Extra refs to fetch (a fork's head is reachable as `refs/pull/N/head` on the base repo). */
  headRef?: string;
  /**
   * When the working tree is written: `"now"` (the default) before the workspace is handed over,
   * `"on-demand"` at the first `worktree()` call. A review that reads only git objects (the
   * diff, the base commit's instructions) then never writes, nor removes, the head's files: at
   * 20,000 files that is most of the workspace's cost.
   */
  worktree?: "now" | "on-demand";
  signal?: AbortSignal;
}

const DEEPEN_STEPS = [50, 200, 1000];

/** A full (not shallow) clone can lend its objects; reading two paths avoids spawning git. */
function isFullClone(dir: string | undefined): dir is string {
  if (!dir) return false;
  try {
    return statSync(join(dir, ".git")).isDirectory() && !existsSync(join(dir, ".git", "shallow"));
  } catch {
    return false;
  }
}

/** Both commits of a workspace being made, before its working tree is checked out. */
export interface WorkspaceCommits {
  /** The clone: its git objects may be read; its working tree may still be being written. */
  root: string;
  head: string;
  mergeBase: string;
}

export interface WorkspaceStart {
  /**
   * Resolves once both commits are in the clone and the merge base is known, which is usually
   * while the checkout still writes the working tree: reads of git objects (the changed files, the
   * base commit's instructions) can run beside it. Rejects when the workspace fails before that.
   */
  commits: Promise<WorkspaceCommits>;
  workspace: Promise<Workspace>;
}

/**
 * Materialises the head at its pinned SHA in a clone of its own, with enough history for the
 * merge base. The runner's checkout is only ever read.
 */
export function createWorkspace(req: WorkspaceRequest): Promise<Workspace> {
  const start = startWorkspace(req);
  start.commits.catch(() => undefined); // the workspace's own promise carries the same failure
  return start.workspace;
}

/** `createWorkspace`, with a promise of the commits that resolves before the checkout ends. */
export function startWorkspace(req: WorkspaceRequest): WorkspaceStart {
  let commitsKnown!: (commits: WorkspaceCommits) => void;
  let commitsFailed!: (error: unknown) => void;
  const commits = new Promise<WorkspaceCommits>((resolve, reject) => {
    commitsKnown = resolve;
    commitsFailed = reject;
  });
  const workspace = (async () => {
    try {
      return await materialise(req, commitsKnown);
    } catch (error) {
      commitsFailed(error);
      // A half-made clone of untrusted code must not stay behind.
      await rm(join(req.runDir, "workspace"), { recursive: true, force: true });
      throw error;
    }
  })();
  return { commits, workspace };
}

async function materialise(
  req: WorkspaceRequest,
  commitsKnown: (commits: WorkspaceCommits) => void,
): Promise<Workspace> {
  const root = join(req.runDir, "workspace");
  const artifacts = join(req.runDir, "artifacts");
  // Synchronous, so git starts in this very tick: the caller goes on to load modules, and an
  // asynchronous step here would wait for that to finish. Both are quick unless a stale workspace
  // of the same attempt is left over, and that must be gone before cloning anyway.
  rmSync(root, { recursive: true, force: true });
  mkdirSync(artifacts, { recursive: true });
  const signal = req.signal ? { signal: req.signal } : {};

  let source: Workspace["source"];
  if (isFullClone(req.checkout)) {
    await git(
      req.runDir,
      [
        "clone",
        "--quiet",
        "--shared",
        "--no-checkout",
        "--no-tags",
        // No template: no sample hooks copied, and a faster start.
        "--template=",
        req.checkout,
        root,
      ],
      signal,
    );
    source = "shared-clone";
  } else {
    await mkdir(root, { recursive: true });
    await git(root, ["init", "--quiet", "--template="], signal);
    source = "fresh-clone";
  }
  await neutraliseAttributes(root);
  const auth = gitAuthEnv(req.remoteUrl, req.token);
  const fetch = (extra: string[], targets: string[]) =>
    git(
      root,
      [
        "fetch",
        "--quiet",
        "--no-tags",
        "--no-write-fetch-head",
        ...extra,
        "--",
        req.remoteUrl,
        ...targets,
      ],
      {
        env: auth,
        ...signal,
      },
    );
  // Both commits may already be here (borrowed from the checkout): then no fetch is needed, and
  // the checkout runs beside the merge-base search, and beside whatever reads the commits then.
  const mergeBaseOf = () =>
    git(root, ["merge-base", req.base, req.head], { allowFail: true, ...signal });
  const checkoutArgs = ["checkout", "--quiet", "--detach", req.head];
  const onDemand = req.worktree === "on-demand";
  const tryCheckout = onDemand
    ? Promise.resolve(true)
    : runGitProcess(root, checkoutArgs, signal).then((r) => r.code === 0);
  tryCheckout.catch(() => undefined); // awaited below on every path that goes on
  let mergeBase = await mergeBaseOf();
  if (!mergeBase) {
    // Fetching waits for the checkout attempt: two git processes never write the clone at once.
    await tryCheckout;
    for (const depth of DEEPEN_STEPS) {
      await fetchHead(fetch, req, [`--depth=${depth}`]);
      mergeBase = await mergeBaseOf();
      if (mergeBase) break;
    }
  }
  if (!mergeBase) {
    await fetchHead(fetch, req, existsSync(join(root, ".git", "shallow")) ? ["--unshallow"] : []);
    mergeBase = await git(root, ["merge-base", req.base, req.head], signal);
  }
  commitsKnown({ root, head: req.head, mergeBase });
  // The head arrived with the fetch; this time a failure is an error.
  if (!(await tryCheckout)) await git(root, checkoutArgs, signal);

  let checkedOut: Promise<void> | undefined = onDemand ? undefined : Promise.resolve();
  const worktree = () => (checkedOut ??= git(root, checkoutArgs, signal).then(() => undefined));
  return {
    root,
    artifacts,
    head: req.head,
    mergeBase,
    source,
    worktree,
    dispose: async () => {
      // A checkout still writing would put files back behind the removal.
      await checkedOut?.catch(() => undefined);
      await rm(root, { recursive: true, force: true });
    },
  };
}

async function fetchHead(
  fetch: (extra: string[], targets: string[]) => Promise<string>,
  req: WorkspaceRequest,
  extra: string[],
): Promise<void> {
  try {
    await fetch(extra, [req.base, req.head]);
  } catch (error) {
    // Some servers refuse fetching an unadvertised SHA; the PR ref names the same commit.
    if (!req.headRef) throw error;
    await fetch(extra, [req.base, req.headRef]);
  }
}

/**
 * `.git/info/attributes` outranks every `.gitattributes` in the tree. Resetting these attributes
 * there means a pull request cannot use its own `.gitattributes` to hide changes from the review
 * (`-diff` turns a file into "Binary files differ") or to rewrite what is checked out
 * (`working-tree-encoding`, `eol`, `ident`, `filter`): the workspace holds the commit's bytes and
 * every diff inspects content as git does by default.
 */
const NEUTRAL_ATTRIBUTES =
  "* !diff !merge !text !eol !crlf !ident !filter !working-tree-encoding\n";

async function neutraliseAttributes(root: string): Promise<void> {
  const info = join(root, ".git", "info");
  await mkdir(info, { recursive: true });
  await writeFile(join(info, "attributes"), NEUTRAL_ATTRIBUTES);
}
