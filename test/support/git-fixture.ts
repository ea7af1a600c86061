import { execa } from "execa";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

/** Real git repositories on disk for tests: an origin (bare), a pull request branch and a runner checkout. */
export interface GitFixture {
  dir: string;
  origin: string;
  checkout: string;
  /** The tip of main, which moved on after the branch point: its change must not appear in `base...head`. */
  baseSha: string;
  /** Where the feature branch left main: the merge base. */
  branchPoint: string;
  headSha: string;
  cleanup(): void;
}

const env = {
  GIT_AUTHOR_NAME: "Test",
  GIT_AUTHOR_EMAIL: "test@example.com",
  GIT_COMMITTER_NAME: "Test",
  GIT_COMMITTER_EMAIL: "test@example.com",
  GIT_CONFIG_NOSYSTEM: "1",
};

export async function sh(cwd: string, ...args: string[]): Promise<string> {
  const r = await execa("git", args, { cwd, env });
  return r.stdout.trim();
}

function write(root: string, files: Record<string, string>) {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

export interface FixtureOptions {
  /** Files of the pull request's head commit, on top of the base files. */
  headFiles?: Record<string, string>;
  baseFiles?: Record<string, string>;
  /** Clone the checkout with --depth=1, as actions/checkout does by default. */
  shallowCheckout?: boolean;
  /** PR number whose head is published as refs/pull/N/head on the origin. */
  prNumber?: number;
}

export async function makeGitFixture(opts: FixtureOptions = {}): Promise<GitFixture> {
  const dir = mkdtempSync(join(tmpdir(), "rivumi-git-"));
  const work = join(dir, "author");
  mkdirSync(work);
  await sh(work, "init", "-q", "-b", "main");
  write(
    work,
    opts.baseFiles ?? { "README.md": "# Widgets\n", "src/app.ts": "export const answer = 41;\n" },
  );
  await sh(work, "add", "-A");
  await sh(work, "commit", "-q", "-m", "base");
  const branchPoint = await sh(work, "rev-parse", "HEAD");
  await sh(work, "checkout", "-q", "-b", "feature");
  write(
    work,
    opts.headFiles ?? {
      "src/app.ts": "export const answer = 42;\n",
      "src/new.ts": "export const added = true;\n",
    },
  );
  await sh(work, "add", "-A");
  await sh(work, "commit", "-q", "-m", "feature change");
  const headSha = await sh(work, "rev-parse", "HEAD");
  await sh(work, "checkout", "-q", "main");
  write(work, { "later.txt": "landed on main after the branch point\n" });
  await sh(work, "add", "-A");
  await sh(work, "commit", "-q", "-m", "later on main");
  const baseSha = await sh(work, "rev-parse", "HEAD");

  const origin = join(dir, "origin.git");
  await sh(dir, "clone", "-q", "--bare", work, origin);
  if (opts.prNumber !== undefined)
    await sh(origin, "update-ref", `refs/pull/${opts.prNumber}/head`, headSha);
  const checkout = join(dir, "checkout");
  await sh(
    dir,
    "clone",
    "-q",
    ...(opts.shallowCheckout ? ["--depth=1", "--no-local"] : []),
    opts.shallowCheckout ? `file://${origin}` : origin,
    checkout,
  );
  return {
    dir,
    origin,
    checkout,
    baseSha,
    branchPoint,
    headSha,
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** Everything about a checkout that Rivumi must leave untouched. */
export async function checkoutState(checkout: string): Promise<Record<string, string>> {
  const hash = (p: string) =>
    existsSync(p) ? createHash("sha256").update(readFileSync(p)).digest("hex") : "absent";
  return {
    head: await sh(checkout, "rev-parse", "HEAD"),
    symbolic: await sh(checkout, "symbolic-ref", "-q", "HEAD").catch(() => "detached"),
    index: hash(join(checkout, ".git", "index")),
    // --no-optional-locks: a plain status may rewrite the index to refresh stat data (racy git).
    status: await sh(
      checkout,
      "--no-optional-locks",
      "status",
      "--porcelain=v2",
      "--untracked-files=all",
      "--ignored",
    ),
    refs: await sh(checkout, "for-each-ref", "--format=%(refname) %(objectname)"),
    config: hash(join(checkout, ".git", "config")),
    shallow: hash(join(checkout, ".git", "shallow")),
    worktrees: await sh(checkout, "worktree", "list", "--porcelain"),
    files: await sh(checkout, "ls-files", "-s"),
  };
}
