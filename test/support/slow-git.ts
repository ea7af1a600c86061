// A stand-in for git, honest about being one: a shell script named `git` that records its pid and,
// when terminated, takes a while to exit: 0.2 s for the first one started, 0.2 s more for each
// after it (so that several end one after another). An aborted git call must not settle until the process is
// gone, or its caller removes the folder git still runs in.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export interface SlowGit {
  /** PATH with the stand-in first. */
  path: string;
  /** The pid of the first one started, once one has. */
  pid(): number | undefined;
  /** The pids of every one started so far. */
  pids(): number[];
}

export function slowToDieGit(dir: string): SlowGit {
  const bin = join(dir, "slow-git-bin");
  const pidFile = join(dir, "slow-git.pid");
  mkdirSync(bin, { recursive: true });
  writeFileSync(
    join(bin, "git"),
    `#!/bin/sh\necho $$ >> "${pidFile}"\nn=$(wc -l < "${pidFile}")\ntrap 'sleep $((n * 2 / 10)).$((n * 2 % 10)); exit 143' TERM\nwhile :; do sleep 0.02; done\n`,
    { mode: 0o755 },
  );
  const pids = () =>
    existsSync(pidFile)
      ? readFileSync(pidFile, "utf8").split("\n").filter(Boolean).map(Number)
      : [];
  return { path: `${bin}:${process.env.PATH ?? "/usr/bin:/bin"}`, pid: () => pids()[0], pids };
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
