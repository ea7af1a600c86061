// confine.py's report, the first line of the command process's stdout: written before the command
// exists (it is exec'd only after), so the command cannot forge it; and the one line saying what
// applied, for the reply and the journal.
import type { PythonRuntime } from "../rlm/python.js";

export interface CommandReport {
  applied: boolean;
  reason?: string;
  abi: number;
  fs: boolean;
  /** Landlock's TCP rules (ABI 4+; not set when the command has the network). */
  net: boolean;
  /** Abstract UNIX sockets and signals scoped to the command (ABI 6+). */
  scoped: boolean;
  seccomp: boolean;
  network: boolean;
  read: string[];
  write: string[];
  /** What of /etc stays unreadable. */
  etc_held_back: string[];
}

const PREFIX = Buffer.from("rivumi-confinement ");
const MAX_REPORT = 1024 ** 2;

/**
 * Splits the report line off the process's stdout: the report resolves (undefined when the first
 * line is not one), and every byte after it goes to `onOutput`.
 */
export function readReport(
  stdout: NodeJS.ReadableStream,
  onOutput: (chunk: Buffer) => void,
): Promise<CommandReport | undefined> {
  return new Promise((resolve) => {
    let head: Buffer | undefined = Buffer.alloc(0);
    stdout.on("data", (chunk: Buffer) => {
      if (!head) return onOutput(chunk);
      head = Buffer.concat([head, chunk]);
      const nl = head.indexOf(10);
      if (nl === -1 && head.length < MAX_REPORT) return;
      const line = head.subarray(0, nl === -1 ? head.length : nl);
      const rest = nl === -1 ? Buffer.alloc(0) : head.subarray(nl + 1);
      head = undefined;
      resolve(parse(line));
      if (rest.length) onOutput(rest);
    });
    stdout.once("close", () => {
      if (head) resolve(parse(head));
    });
  });
}

function parse(line: Buffer): CommandReport | undefined {
  if (!line.subarray(0, PREFIX.length).equals(PREFIX)) return undefined;
  try {
    const value = JSON.parse(line.subarray(PREFIX.length).toString("utf8")) as unknown;
    const r = value as Partial<CommandReport> | null;
    if (!r || typeof r !== "object" || typeof r.applied !== "boolean") return undefined;
    const list = (v: unknown) => (Array.isArray(v) ? v.map(String) : []);
    return {
      ...(r as CommandReport),
      read: list(r.read),
      write: list(r.write),
      etc_held_back: list(r.etc_held_back),
    };
  } catch {
    return undefined;
  }
}

/** Who ran the command, on what, confined how: one line. */
export function describeVerifyConfinement(runtime: PythonRuntime, r: CommandReport): string {
  const id = runtime.identity;
  const who =
    id.kind === "self" ? `same user (${runtime.reason})` : `uid ${id.uid} (${runtime.reason})`;
  const landlock = [r.fs ? "fs" : "", r.net ? "tcp" : "", r.scoped ? "scoped" : ""].filter(Boolean);
  const held = r.etc_held_back.map((p) => p.replace(/^\/etc\//, "")).join(", ");
  const seccomp = r.network
    ? "seccomp (io_uring, keyrings)"
    : "seccomp (sockets, io_uring, keyrings)";
  return [
    who,
    "env PATH LANG TZ CI and a private HOME and TMPDIR only",
    "a copy of the workspace",
    `landlock ABI ${r.abi} (${landlock.join(", ")}): read and execute ${r.read.join(" ")}; ` +
      `read /etc without ${held || "nothing"}, /dev's null, zero, full and random, /proc's whole-system figures; ` +
      `write ${r.write.join(" ")}`,
    seccomp,
    r.network ? "network allowed (verify-network)" : "no network",
  ].join("; ");
}
