/**
 * Git data (refs, blobs, trees, commits) and the contents API: what a memory store on a branch
 * uses. A ref update without `force` must be a fast-forward, as GitHub documents for `force`
 * (https://docs.github.com/en/rest/git/refs#update-a-reference): otherwise 422 "Update is not a fast
 * forward". It is not a compare-and-swap: any descendant of the current head is taken.
 */
import { branchMoved, checkProtection } from "./github-branch-rules.js";
import type { GitIdentity, TreeChange } from "./github-git.js";
import { HttpError, notFound, ok, type RouteResult } from "./github-http.js";
import * as json from "./github-json.js";
import { wantsMedia, type Handler, type RouteContext } from "./github-route-context.js";
import type { RepoState } from "./github-state.js";

const BASE64 = /^[A-Za-z0-9+/\s]*={0,2}\s*$/;

export const gitRoutes: Record<string, Handler> = {
  "git/get-ref": (ctx) => {
    const repo = gitRepo(ctx);
    const name = `refs/${ctx.params.ref!}`;
    const sha = repo.git.refs.get(name);
    if (!sha) throw notFound();
    return ok(json.gitRef(ctx.state, repo, name, sha));
  },

  "git/list-matching-refs": (ctx) => {
    const repo = gitRepo(ctx);
    const prefix = `refs/${ctx.params.ref!}`;
    const refs = [...repo.git.refs.entries()]
      .filter(([name]) => name.startsWith(prefix))
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, sha]) => json.gitRef(ctx.state, repo, name, sha));
    return ok(refs);
  },

  "git/create-ref": (ctx) => {
    const repo = gitRepo(ctx);
    const { ref, sha } = ctx.body as { ref: string; sha: string };
    if (!/^refs\/[^/]+\/.+/.test(ref)) {
      throw new HttpError(
        422,
        "Reference name must start with 'refs/' and have at least two slashes.",
      );
    }
    if (!repo.git.commit(sha)) throw new HttpError(422, "Object does not exist");
    if (repo.git.refs.has(ref)) throw new HttpError(422, "Reference already exists");
    repo.git.refs.set(ref, sha);
    const created = json.gitRef(ctx.state, repo, ref, sha);
    return { status: 201, json: created, headers: { location: String(created.url) } };
  },

  "git/update-ref": (ctx) => {
    const repo = gitRepo(ctx);
    const name = `refs/${ctx.params.ref!}`;
    const { sha, force } = ctx.body as { sha: string; force?: boolean };
    const current = repo.git.refs.get(name);
    if (!current) throw new HttpError(422, "Reference does not exist");
    if (!repo.git.commit(sha)) throw new HttpError(422, "Object does not exist");
    if (!force && !repo.git.isAncestor(current, sha)) {
      throw new HttpError(422, "Update is not a fast forward");
    }
    checkProtection(repo, name);
    repo.git.refs.set(name, sha);
    if (name.startsWith("refs/heads/")) branchMoved(repo, name.slice("refs/heads/".length), sha);
    return ok(json.gitRef(ctx.state, repo, name, sha));
  },

  "git/delete-ref": (ctx) => {
    const repo = gitRepo(ctx);
    if (!repo.git.refs.delete(`refs/${ctx.params.ref!}`)) {
      throw new HttpError(422, "Reference does not exist");
    }
    return { status: 204 };
  },

  "git/create-blob": (ctx) => {
    const repo = gitRepo(ctx);
    const { content, encoding = "utf-8" } = ctx.body as { content: string; encoding?: string };
    if (encoding !== "utf-8" && encoding !== "utf8" && encoding !== "base64") {
      throw new HttpError(422, `encoding must be "utf-8" or "base64"`);
    }
    const sha = repo.git.writeBlob(decode(content, encoding === "base64"));
    return ok({ url: `${ctx.state.url}/repos/${repo.fullName}/git/blobs/${sha}`, sha }, 201);
  },

  "git/get-blob": (ctx) => {
    const repo = gitRepo(ctx);
    const sha = ctx.params.file_sha!;
    const content = repo.git.blob(sha);
    if (!content) throw notFound();
    if (wantsMedia(ctx, "raw")) return raw(content);
    return ok({
      sha,
      node_id: `B_${sha}`,
      size: content.length,
      url: `${ctx.state.url}/repos/${repo.fullName}/git/blobs/${sha}`,
      content: json.wrappedBase64(content),
      encoding: "base64",
    });
  },

  "git/create-tree": (ctx) => {
    const repo = gitRepo(ctx);
    const { tree, base_tree } = ctx.body as { tree: TreeChange[]; base_tree?: string };
    for (const entry of tree) {
      // GitHub refuses the whole tree when a deletion names a path the base does not have.
      if (entry.sha === null && !(base_tree && repo.git.pathInTree(base_tree, entry.path))) {
        throw new HttpError(422, "GitRPC::BadObjectState");
      }
    }
    const sha = repo.git.buildTree(base_tree, tree);
    return ok(json.gitTree(ctx.state, repo, sha, false), 201);
  },

  "git/get-tree": (ctx) => {
    const repo = gitRepo(ctx);
    const wanted = ctx.params.tree_sha!;
    const commit = repo.git.tree(wanted) ? undefined : repo.git.resolve(wanted);
    const sha = commit ? repo.git.commit(commit)!.tree : wanted;
    if (!repo.git.tree(sha)) throw notFound();
    const recursive = ctx.url.searchParams.has("recursive");
    return ok(json.gitTree(ctx.state, repo, sha, recursive));
  },

  "git/create-commit": (ctx) => {
    const repo = gitRepo(ctx);
    const input = ctx.body as {
      message: string;
      tree: string;
      parents?: string[];
      author?: Partial<GitIdentity>;
      committer?: Partial<GitIdentity>;
      signature?: string;
    };
    if (!repo.git.tree(input.tree)) throw new HttpError(422, "Tree SHA does not exist");
    for (const parent of input.parents ?? []) {
      if (!repo.git.commit(parent)) {
        throw new HttpError(422, "Parent SHA does not exist or is not a commit object");
      }
    }
    const author = identity(ctx, input.author);
    const sha = repo.git.writeCommit({
      tree: input.tree,
      parents: input.parents ?? [],
      message: input.message,
      author,
      committer: input.committer ? identity(ctx, input.committer) : author,
    });
    // Signed by GitHub (so verified) only when nothing about its identity was given: the fake
    // keeps the signature out of the object so that its SHA is the one plain git computes.
    repo.commitOrigins.set(sha, {
      authorGiven: input.author !== undefined,
      committerGiven: input.committer !== undefined,
      signatureGiven: input.signature !== undefined,
      tokenType: ctx.token.type,
    });
    return ok(json.gitCommit(ctx.state, repo, sha), 201);
  },

  "git/get-commit": (ctx) => {
    const repo = gitRepo(ctx);
    if (!repo.git.commit(ctx.params.commit_sha!)) throw notFound();
    return ok(json.gitCommit(ctx.state, repo, ctx.params.commit_sha!));
  },

  "repos/get-content": (ctx) => {
    const repo = ctx.repo();
    const path = ctx.params.path!.replace(/^\/+|\/+$/g, "");
    const ref = ctx.url.searchParams.get("ref") ?? repo.defaultBranch;
    const commit = repo.git.resolve(ref);
    if (!commit) throw new HttpError(404, `No commit found for the ref ${ref}`);
    const found = repo.git.lookup(commit, path);
    if (!found) throw notFound();
    if (found.type === "blob") {
      if (wantsMedia(ctx, "raw")) return raw(repo.git.blob(found.sha)!);
      return ok(json.contentEntry(ctx.state, repo, path, found, ref, commit, true));
    }
    const entries = repo.git
      .tree(found.sha)!
      .map((e) =>
        json.contentEntry(
          ctx.state,
          repo,
          path ? `${path}/${e.name}` : e.name,
          { type: e.type === "tree" ? "tree" : "blob", sha: e.sha },
          ref,
          commit,
          false,
        ),
      );
    return ok(entries);
  },

  "repos/create-or-update-file-contents": (ctx) => {
    const input = ctx.body as {
      message: string;
      content: string;
      sha?: string;
      branch?: string;
      author?: Partial<GitIdentity>;
      committer?: Partial<GitIdentity>;
    };
    if (!BASE64.test(input.content)) throw new HttpError(422, "content is not valid Base64");
    return writeFile(ctx, input, decode(input.content, true));
  },

  "repos/delete-file": (ctx) => {
    const input = ctx.body as { message: string; sha: string; branch?: string };
    return writeFile(ctx, input, null);
  },
};

/** The contents API's single-file commit: the `sha` the client read must still be the file's. */
function writeFile(
  ctx: RouteContext,
  input: { message: string; sha?: string; branch?: string; author?: Partial<GitIdentity> },
  content: Buffer | null,
): RouteResult {
  const repo = ctx.repo();
  const path = ctx.params.path!.replace(/^\/+|\/+$/g, "");
  const branch = input.branch ?? repo.defaultBranch;
  const head = repo.git.refs.get(`refs/heads/${branch}`);
  if (!head && !repo.git.isEmpty) throw new HttpError(404, `Branch ${branch} not found`);
  const existing = head ? repo.git.lookup(head, path) : undefined;
  if (content === null && !existing) throw notFound();
  if (existing && input.sha === undefined) {
    throw new HttpError(422, `Invalid request.\n\n"sha" wasn't supplied.`);
  }
  if (input.sha !== undefined && existing?.sha !== input.sha) {
    throw new HttpError(409, `${path} does not match ${input.sha}`);
  }
  const author = identity(ctx, input.author);
  const blob = content === null ? null : repo.git.writeBlob(content);
  const tree = repo.git.buildTree(head ? repo.git.commit(head)!.tree : undefined, [
    { path, sha: blob },
  ]);
  const commit = repo.git.writeCommit({
    tree,
    parents: head ? [head] : [],
    message: input.message,
    author,
    committer: author,
  });
  checkProtection(repo, `refs/heads/${branch}`);
  repo.git.refs.set(`refs/heads/${branch}`, commit);
  branchMoved(repo, branch, commit);
  const entry =
    blob === null
      ? null
      : json.contentEntry(
          ctx.state,
          repo,
          path,
          { type: "blob", sha: blob },
          branch,
          commit,
          false,
        );
  const status = content === null || existing ? 200 : 201;
  return ok({ content: entry, commit: json.gitCommit(ctx.state, repo, commit) }, status);
}

/** The repository for git-database routes: 409 while it has no commits, as GitHub answers. */
function gitRepo(ctx: RouteContext): RepoState {
  const repo = ctx.repo();
  if (repo.git.isEmpty) throw new HttpError(409, "Git Repository is empty.");
  return repo;
}

function identity(ctx: RouteContext, given: Partial<GitIdentity> | undefined): GitIdentity {
  const fallback = ctx.state.identity(ctx.actor.login);
  return {
    name: given?.name ?? fallback.name,
    email: given?.email ?? fallback.email,
    date: given?.date
      ? new Date(given.date).toISOString().replace(/\.\d{3}Z$/, "Z")
      : fallback.date,
  };
}

function decode(content: string, base64: boolean): Buffer {
  return base64 ? Buffer.from(content, "base64") : Buffer.from(content, "utf8");
}

function raw(content: Buffer): RouteResult {
  return {
    status: 200,
    text: content.toString("utf8"),
    contentType: "application/vnd.github.raw; charset=utf-8",
  };
}
