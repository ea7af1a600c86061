/** Real git repositories in temporary directories, for file, instruction and tool tests. */
import { rmSync } from "node:fs";
import {
  appendFile,
  cp,
  mkdir,
  mkdtemp,
  readFile,
  realpath,
  rm,
  symlink,
  writeFile,
} from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { execa } from "execa";
import { gitFileSource } from "../../src/context/files/git-source.js";
import type { FileSource } from "../../src/context/files/types.js";
import { worktreeFileSource } from "../../src/context/files/worktree-source.js";

export interface TempGit {
  readonly root: string;
  git(...args: string[]): Promise<string>;
  write(rel: string, content: string | Uint8Array): Promise<void>;
  link(rel: string, target: string): Promise<void>;
  fifo(rel: string): Promise<void>;
  /** Records a submodule entry (mode 160000) at `rel` in the index, without a checkout. */
  gitlink(rel: string): Promise<void>;
  /** Stages everything and commits; returns the commit's SHA. */
  commit(message?: string): Promise<string>;
  remove(): Promise<void>;
}

const env = {
  GIT_CONFIG_GLOBAL: "/dev/null",
  GIT_CONFIG_NOSYSTEM: "1",
  GIT_AUTHOR_NAME: "Test",
  GIT_AUTHOR_EMAIL: "test@example.com",
  GIT_COMMITTER_NAME: "Test",
  GIT_COMMITTER_EMAIL: "test@example.com",
};

let template: Promise<string> | undefined;

/** The `.git` of an empty repository on branch main with symlinks on, made once per process. */
function emptyGitDir(): Promise<string> {
  template ??= (async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "rivumi-temp-git-template-"));
    await execa("git", ["init", "-q", "-b", "main", dir], { env });
    // What `git config core.symlinks true` would write, without another process.
    await appendFile(path.join(dir, ".git", "config"), "[core]\n\tsymlinks = true\n");
    process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
    return path.join(dir, ".git");
  })();
  return template;
}

export async function makeTempGit(): Promise<TempGit> {
  // realpath: on macOS the temp dir is itself behind a symlink (/var -> /private/var).
  const root = await realpath(await mkdtemp(path.join(tmpdir(), "rivumi-temp-git-")));
  const git = async (...args: string[]) => (await execa("git", args, { cwd: root, env })).stdout;
  const abs = async (rel: string) => {
    const file = path.join(root, rel);
    await mkdir(path.dirname(file), { recursive: true });
    return file;
  };
  // A copy of one `git init` made per worker: the suite makes hundreds of these repositories,
  // and every git process costs a fork of a large test worker.
  await cp(await emptyGitDir(), path.join(root, ".git"), { recursive: true });
  return {
    root,
    git,
    write: async (rel, content) => writeFile(await abs(rel), content),
    link: async (rel, target) => symlink(target, await abs(rel)),
    fifo: async (rel) => void (await execa("mkfifo", [await abs(rel)])),
    async gitlink(rel) {
      const sha = await git("rev-parse", "HEAD");
      await git("update-index", "--add", "--cacheinfo", `160000,${sha},${rel}`);
    },
    async commit(message = "commit") {
      await git("add", "-A");
      await git("commit", "-q", "--allow-empty", "-m", message);
      // A commit leaves HEAD's branch as a loose ref (or HEAD itself, detached): read it rather
      // than start a rev-parse process.
      const head = (await readFile(path.join(root, ".git", "HEAD"), "utf8")).trim();
      if (!head.startsWith("ref: ")) return head;
      return (await readFile(path.join(root, ".git", head.slice(5)), "utf8")).trim();
    },
    remove: () => rm(root, { recursive: true, force: true }),
  };
}

export type SourceKind = "git" | "worktree";
export const SOURCE_KINDS: readonly SourceKind[] = ["git", "worktree"];

/** The committed state read either from git objects at HEAD or from the working tree. */
export async function sourceFor(repo: TempGit, kind: SourceKind): Promise<FileSource> {
  return kind === "git" ? gitFileSource(repo.root, "HEAD") : worktreeFileSource(repo.root);
}

/** Writes `files` (a string is a file, `{ link }` a symlink) and commits them. */
export async function commitTree(
  repo: TempGit,
  files: Record<string, string | Uint8Array | { link: string }>,
): Promise<string> {
  for (const [rel, content] of Object.entries(files)) {
    if (typeof content === "object" && "link" in content) await repo.link(rel, content.link);
    else await repo.write(rel, content);
  }
  return repo.commit();
}
