// A stand-in for git, honest about being one: a shell script named `git` that writes its pid and,
// when terminated, takes 0.3 s to exit. An aborted git call must not settle until the process is
// gone, or its caller removes the folder git still runs in.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export interface SlowGit {
  /** PATH with the stand-in first. */
  path: string;
  /** Its pid once it has started. */
  pid(): number | undefined;
}

export function slowToDieGit(dir: string): SlowGit {
  const bin = join(dir, "slow-git-bin");
  const pidFile = join(dir, "slow-git.pid");
  mkdirSync(bin, { recursive: true });
  writeFileSync(
    join(bin, "git"),
    `#!/bin/sh\necho $$ > "${pidFile}"\ntrap 'sleep 0.3; exit 143' TERM\nwhile :; do sleep 0.02; done\n`,
    { mode: 0o755 },
  );
  return {
    path: `${bin}:${process.env.PATH ?? "/usr/bin:/bin"}`,
    pid: () => (existsSync(pidFile) ? Number(readFileSync(pidFile, "utf8")) : undefined),
  };
}

/** Polls `check` every 10 ms for up to 5 s. */
export async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
}

/** The process exists and is not a zombie. */
export function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z";
  } catch {
    return false;
  }
}
