/** A real git repository in a temporary directory, for tool tests. */
import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { execa } from "execa";
import type { ToolContext } from "../../../src/agent/tools/tool.js";

export interface TempRepo {
  readonly root: string;
  git(...args: string[]): Promise<string>;
  write(rel: string, content: string | Uint8Array): Promise<void>;
  link(rel: string, target: string): Promise<void>;
  /** Stages everything and commits; returns the new commit's SHA. */
  commit(message: string): Promise<string>;
  ctx(diff?: { base: string; head: string }): ToolContext;
  remove(): Promise<void>;
}

export async function makeTempRepo(): Promise<TempRepo> {
  // realpath: on macOS the temp dir is itself behind a symlink (/var -> /private/var).
  const root = await realpath(await mkdtemp(path.join(tmpdir(), "rivumi-tools-")));
  const git = async (...args: string[]) => {
    const { stdout } = await execa("git", args, {
      cwd: root,
      env: {
        GIT_CONFIG_GLOBAL: "/dev/null",
        GIT_CONFIG_NOSYSTEM: "1",
        GIT_AUTHOR_NAME: "Test",
        GIT_AUTHOR_EMAIL: "test@example.com",
        GIT_COMMITTER_NAME: "Test",
        GIT_COMMITTER_EMAIL: "test@example.com",
      },
    });
    return stdout;
  };
  await git("init", "-q", "-b", "main");
  const repo: TempRepo = {
    root,
    git,
    async write(rel, content) {
      await mkdir(path.dirname(path.join(root, rel)), { recursive: true });
      await writeFile(path.join(root, rel), content);
    },
    async link(rel, target) {
      await mkdir(path.dirname(path.join(root, rel)), { recursive: true });
      await symlink(target, path.join(root, rel));
    },
    async commit(message) {
      await git("add", "-A");
      await git("commit", "-q", "--allow-empty", "-m", message);
      return git("rev-parse", "HEAD");
    },
    ctx(diff = { base: "HEAD", head: "HEAD" }) {
      return { root, diff, signal: new AbortController().signal };
    },
    remove: () => rm(root, { recursive: true, force: true }),
  };
  return repo;
}
