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

export interface FixtureOptions {
  /** Files of the pull request's head commit, on top of the base files. */
  headFiles?: Record<string, string>;
  baseFiles?: Record<string, string>;
  /** Clone the checkout with --depth=1, as actions/checkout does by default. */
  shallowCheckout?: boolean;
  /** PR number whose head is published as refs/pull/N/head on the origin. */
  prNumber?: number;
}

/** A path as fast-import reads it: C-style quoted, so that any name a test uses arrives intact. */
function quotePath(path: string): string {
  let quoted = "";
  for (const c of path) {
    const code = c.charCodeAt(0);
    if (c === "\\" || c === '"') quoted += `\\${c}`;
    else if (code < 0x20 || code === 0x7f) quoted += `\\${code.toString(8).padStart(3, "0")}`;
    else quoted += c;
  }
  return `"${quoted}"`;
}

/** One commit of a fast-import stream: `files` on top of `from`'s tree (added or changed, never removed). */
function commitCommand(c: {
  ref: string;
  mark: number;
  time: number;
  message: string;
  from?: number;
  files: Record<string, string>;
}): Buffer {
  const data = (text: string | Buffer) => {
    const bytes = Buffer.from(text);
    return Buffer.concat([Buffer.from(`data ${bytes.length}\n`), bytes, Buffer.from("\n")]);
  };
  const who = `${env.GIT_COMMITTER_NAME} <${env.GIT_COMMITTER_EMAIL}> ${c.time} +0000`;
  const parts = [
    Buffer.from(`commit ${c.ref}\nmark :${c.mark}\nauthor ${who}\ncommitter ${who}\n`),
    data(c.message),
    Buffer.from(c.from === undefined ? "" : `from :${c.from}\n`),
  ];
  for (const [path, text] of Object.entries(c.files))
    parts.push(Buffer.from(`M 100644 inline ${quotePath(path)}\n`), data(text));
  return Buffer.concat(parts);
}

/**
 * The three commits (base; the feature branch from it; main moving on) are written by one
 * `git fast-import` instead of an add and a commit each: a test file makes many fixtures, and on
 * a small machine every git process costs more to start than to run.
 */
export async function makeGitFixture(opts: FixtureOptions = {}): Promise<GitFixture> {
  const dir = mkdtempSync(join(tmpdir(), "rivumi-git-"));
  const work = join(dir, "author");
  await sh(dir, "init", "-q", "-b", "main", work);
  const now = Math.floor(Date.now() / 1000);
  const stream = Buffer.concat([
    commitCommand({
      ref: "refs/heads/main",
      mark: 1,
      time: now - 2,
      message: "base",
      files: opts.baseFiles ?? {
        "README.md": "# Widgets\n",
        "src/app.ts": "export const answer = 41;\n",
      },
    }),
    commitCommand({
      ref: "refs/heads/feature",
      mark: 2,
      time: now - 1,
      message: "feature change",
      from: 1,
      files: opts.headFiles ?? {
        "src/app.ts": "export const answer = 42;\n",
        "src/new.ts": "export const added = true;\n",
      },
    }),
    commitCommand({
      ref: "refs/heads/main",
      mark: 3,
      time: now,
      message: "later on main",
      from: 1,
      files: { "later.txt": "landed on main after the branch point\n" },
    }),
  ]);
  const marks = join(dir, "marks");
  await execa("git", ["fast-import", "--quiet", `--export-marks=${marks}`], {
    cwd: work,
    env,
    input: stream,
  });
  const sha = new Map(
    readFileSync(marks, "utf8")
      .trim()
      .split("\n")
      .map((line) => line.split(" ") as [string, string]),
  );
  rmSync(marks);
  const [branchPoint, headSha, baseSha] = [":1", ":2", ":3"].map((m) => sha.get(m)!);
  // The author's working tree is main, as if they had just committed to it.
  await sh(work, "checkout", "-q", "-f", "main");

  const origin = join(dir, "origin.git");
  await sh(dir, "clone", "-q", "--bare", work, origin);
  if (opts.prNumber !== undefined) {
    // A loose ref is a file holding the SHA: what `git update-ref` would write.
    const ref = join(origin, "refs", "pull", String(opts.prNumber), "head");
    mkdirSync(dirname(ref), { recursive: true });
    writeFileSync(ref, `${headSha}\n`);
  }
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
    baseSha: baseSha!,
    branchPoint: branchPoint!,
    headSha: headSha!,
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
