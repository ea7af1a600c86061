import { execFile, type ChildProcess } from "node:child_process";

/** The only environment git subprocesses see: no tokens, no keys, nothing from the workflow. */
export function gitEnv(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: process.env.HOME ?? "/tmp",
    LANG: "C.UTF-8",
    GIT_TERMINAL_PROMPT: "0",
    GIT_CONFIG_NOSYSTEM: "1",
    // Nor the runner user's global config: filters, hooks or fsmonitor must not run on untrusted code.
    GIT_CONFIG_GLOBAL: "/dev/null",
    GIT_AUTHOR_NAME: "rivumi",
    GIT_AUTHOR_EMAIL: "rivumi@users.noreply.github.com",
    GIT_COMMITTER_NAME: "rivumi",
    GIT_COMMITTER_EMAIL: "rivumi@users.noreply.github.com",
  };
  return { ...env, ...extra };
}

/**
 * Auth for one git command, passed through the environment so it is never written to a config
 * file or shown in the process list.
 */
export function gitAuthEnv(url: string, token: string | undefined): Record<string, string> {
  if (!token || !/^https?:/i.test(url)) return {};
  const basic = Buffer.from(`x-access-token:${token}`).toString("base64");
  return {
    GIT_CONFIG_COUNT: "1",
    GIT_CONFIG_KEY_0: "http.extraHeader",
    GIT_CONFIG_VALUE_0: `Authorization: basic ${basic}`,
  };
}

export class GitError extends Error {
  override readonly name = "GitError";
}

/** What one git process left behind. `code` is null when it could not start or was killed. */
export interface GitOutput<T extends string | Buffer> {
  code: number | null;
  stdout: T;
  stderr: string;
  /** stdout grew past `maxBuffer`; the process was stopped. */
  overflow: boolean;
}

export interface GitProcessOptions {
  env?: Record<string, string>;
  signal?: AbortSignal;
  /** Largest stdout kept, in bytes; beyond it the process is stopped. Default 100 MiB. */
  maxBuffer?: number;
}

const DEFAULT_MAX_BUFFER = 100 * 1024 * 1024;

/**
 * Spawns git directly (no shell, only gitEnv) and collects its output. Node's own `execFile`,
 * not execa: this runs several times before the first model request, and loading execa there
 * costs more than the git commands themselves.
 */
export function runGitProcess(
  cwd: string,
  args: readonly string[],
  opts: GitProcessOptions & { encoding: "buffer" },
): Promise<GitOutput<Buffer>>;
export function runGitProcess(
  cwd: string,
  args: readonly string[],
  opts?: GitProcessOptions,
): Promise<GitOutput<string>>;
export function runGitProcess(
  cwd: string,
  args: readonly string[],
  opts: GitProcessOptions & { encoding?: "buffer" } = {},
): Promise<GitOutput<string | Buffer>> {
  return new Promise((resolve) => {
    const child = execFile(
      "git",
      args,
      {
        cwd,
        env: gitEnv(opts.env),
        encoding: opts.encoding ?? "utf8",
        maxBuffer: opts.maxBuffer ?? DEFAULT_MAX_BUFFER,
        windowsHide: true,
        ...(opts.signal ? { signal: opts.signal } : {}),
      },
      (error, stdout, stderr) => {
        const failure = error as (NodeJS.ErrnoException & { code?: number | string }) | null;
        const code = !failure ? 0 : typeof failure.code === "number" ? failure.code : null;
        const settle = () =>
          resolve({
            code,
            stdout,
            stderr: String(stderr || (code === null && failure ? failure.message : "")),
            overflow: failure?.code === "ERR_CHILD_PROCESS_STDIO_MAXBUFFER",
          });
        // An abort (or a full buffer) calls back when git is signalled, not when it is gone: a
        // caller that then removes git's folder would race it.
        if (running(child)) child.once("exit", settle);
        else settle();
      },
    );
  });
}

/** Started and not yet exited. */
export const running = (child: ChildProcess): boolean =>
  child.pid !== undefined && child.exitCode === null && child.signalCode === null;

/** Runs git with arguments as an array (never a shell) and returns stdout without its last newline. */
export async function git(
  cwd: string,
  args: string[],
  opts: { env?: Record<string, string>; signal?: AbortSignal; allowFail?: boolean } = {},
): Promise<string> {
  const result = await runGitProcess(cwd, args, opts);
  if (result.code !== 0 && !opts.allowFail) {
    const stderr = result.stderr.split("\n").slice(-3).join(" ").trim();
    // Named by its subcommand: `git -c k=v diff` failing is "git diff failed".
    const sub = args.find((a, i) => !a.startsWith("-") && args[i - 1] !== "-c") ?? "";
    throw new GitError(`git ${sub} failed (exit ${result.code ?? "?"}): ${stderr}`);
  }
  return result.code === 0 ? result.stdout.replace(/\r?\n$/, "") : "";
}
