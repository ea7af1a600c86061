import { execa } from "execa";

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

/** Runs git with arguments as an array (never a shell) and returns trimmed stdout. */
export async function git(
  cwd: string,
  args: string[],
  opts: { env?: Record<string, string>; signal?: AbortSignal; allowFail?: boolean } = {},
): Promise<string> {
  const result = await execa("git", args, {
    cwd,
    env: gitEnv(opts.env),
    extendEnv: false,
    reject: false,
    stripFinalNewline: true,
    ...(opts.signal ? { cancelSignal: opts.signal } : {}),
  });
  if (result.exitCode !== 0 && !opts.allowFail) {
    const stderr = String(result.stderr).split("\n").slice(-3).join(" ").trim();
    throw new GitError(`git ${args[0] ?? ""} failed (exit ${result.exitCode ?? "?"}): ${stderr}`);
  }
  return result.exitCode === 0 ? String(result.stdout) : "";
}
