// The `verify-command`: the workflow's shell command, run on a copy of the workspace after a model
// changed it. It runs the pull request's code as the model left it, so it is treated as hostile:
// python3 runs confine.py's command profile (Landlock, seccomp), which confines itself and only then
// replaces itself with `/bin/sh -c <command>`. When the confinement cannot be applied, nothing runs.
import { execFile, spawn } from "node:child_process";
import { confinementTestSeam } from "../rlm/confinement.js";
import { resolvePython, type Identity, type PythonRuntime } from "../rlm/python.js";
import { commandEnv, hostLayout } from "./verify-grants.js";
import { OutputTail } from "./verify-output.js";
import { describeVerifyConfinement, readReport } from "./verify-report.js";
import { prepareSpace, type VerifySpace } from "./verify-space.js";

export interface VerifyOptions {
  /** The workspace's working tree; the command runs in a copy of it. */
  root: string;
  /** The `verify-command` input: workflow-written, run with `sh -c` as one argument. */
  command: string;
  /** `verify-network`: sockets and TCP allowed. */
  network: boolean;
  /** `verify-timeout-minutes` × 60,000. */
  timeoutMs: number;
  /** Aborting kills the command's process group; runVerify then rejects with the reason. */
  signal?: AbortSignal;
  redact: (text: string) => string;
  /** The interpreter and the user the command runs as; `resolvePython()` (the REPL's) by default. */
  runtime?: PythonRuntime;
}

export type VerifyResult =
  | {
      kind: "passed" | "failed";
      exitCode: number | null;
      timedOut: boolean;
      /** The last lines of stdout and stderr as written, bounded, redacted. */
      tail: string;
      outputBytes: number;
      ms: number;
      /** One line: who ran it, on what, under which confinement. */
      confinement: string;
    }
  | { kind: "not-run"; reason: string };

/** Rlimits of the command: no core dumps; files and (for another user) processes bounded. */
const FILE_BYTES = 4 * 1024 ** 3;
const PROCESSES = 4096;

export async function runVerify(opts: VerifyOptions): Promise<VerifyResult> {
  opts.signal?.throwIfAborted();
  let runtime: PythonRuntime;
  try {
    runtime = opts.runtime ?? (await resolvePython());
  } catch (error) {
    return { kind: "not-run", reason: opts.redact((error as Error).message) };
  }
  let space: VerifySpace;
  try {
    space = await prepareSpace(opts.root, runtime.identity);
  } catch (error) {
    return {
      kind: "not-run",
      reason: opts.redact(`the workspace could not be copied: ${(error as Error).message}`),
    };
  }
  try {
    opts.signal?.throwIfAborted();
    const result = await runConfined(opts, runtime, space);
    return result.kind === "not-run" ? { ...result, reason: opts.redact(result.reason) } : result;
  } finally {
    // A folder left behind (a process that left the group still writing there) holds only the
    // copy of the pull request's code: never worth the result.
    await space.remove().catch(() => undefined);
  }
}

async function runConfined(
  opts: VerifyOptions,
  runtime: PythonRuntime,
  space: VerifySpace,
): Promise<VerifyResult> {
  const layout = hostLayout(opts.root);
  const id = runtime.identity;
  const config = {
    cwd: space.tree,
    write: [space.tree, space.home, space.tmp],
    read: layout.reads,
    deny: layout.denied,
    network: opts.network,
    limits: { core: 0, fsize: FILE_BYTES, ...(id.kind === "self" ? {} : { nproc: PROCESSES }) },
    ...(confinementTestSeam.simulate ? { simulate_unconfined: confinementTestSeam.simulate } : {}),
  };
  const env = commandEnv(layout, space.home, space.tmp);
  const python = [
    runtime.executable,
    "-I",
    "-S",
    space.confine,
    JSON.stringify(config),
    opts.command,
  ];
  const [file, ...args] =
    id.kind === "sudo"
      ? ["sudo", "-n", "-u", `#${id.uid}`, "--", "env", "-i"]
          .concat(Object.entries(env).map(([k, v]) => `${k}=${v}`))
          .concat(python)
      : python;
  const started = Date.now();
  const child = spawn(file!, args, {
    // confine.py enters the copy itself, as the command's user: under sudo the current user may
    // not be able to (a copy of a 0700 folder, now nobody's).
    cwd: space.dir,
    env,
    detached: true, // its own process group: a timeout or a cancellation kills all it started
    stdio: ["ignore", "pipe", "pipe"],
    ...(id.kind === "uid" ? { uid: id.uid, gid: id.gid } : {}),
  });
  const output = new OutputTail();
  const report = readReport(child.stdout, (chunk) => output.push(chunk));
  const closed = new Promise((done) => child.stdout.once("close", done));
  let setupErrors = "";
  child.stderr.on("data", (d: Buffer) => (setupErrors = (setupErrors + d.toString()).slice(-2000)));

  let timedOut = false;
  const kill = () => killGroup(child.pid, id);
  const timer = setTimeout(() => {
    timedOut = true;
    kill();
  }, opts.timeoutMs);
  const onAbort = () => kill();
  opts.signal?.addEventListener("abort", onAbort, { once: true });
  const ended = await new Promise<{ code: number | null; error?: Error }>((resolve) => {
    child.once("error", (error) => resolve({ code: null, error }));
    child.once("exit", (code) => resolve({ code }));
  });
  clearTimeout(timer);
  opts.signal?.removeEventListener("abort", onAbort);
  // What the command left running in the background goes with it.
  kill();
  await drained(closed, child.stdout);
  opts.signal?.throwIfAborted();

  const confined = await report;
  if (ended.error)
    return { kind: "not-run", reason: `python3 could not start: ${ended.error.message}` };
  if (!confined) {
    const why = setupErrors.trim().split("\n").slice(-3).join(" ");
    return {
      kind: "not-run",
      reason: `confine.py gave no report (${why || "no message"}); nothing ran`,
    };
  }
  if (!confined.applied)
    return {
      kind: "not-run",
      reason: `the verify command could not be confined: ${confined.reason ?? "unknown"}; nothing ran`,
    };
  return {
    kind: ended.code === 0 && !timedOut ? "passed" : "failed",
    exitCode: ended.code,
    timedOut,
    tail: output.tail(opts.redact),
    outputBytes: output.bytes,
    ms: Date.now() - started,
    confinement: describeVerifyConfinement(runtime, confined),
  };
}

/** SIGKILL to the process group; under sudo the group belongs to another user, so sudo sends it. */
function killGroup(pid: number | undefined, id: Identity): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    // already gone
  }
  if (id.kind === "sudo")
    execFile("sudo", ["-n", "kill", "-KILL", "--", `-${pid}`], () => undefined);
}

/**
 * Waits for the end of the output, but not for a process that left the group (setsid) and holds
 * the pipe open: it is confined like the command, and its output after the command's end is not
 * the command's.
 */
async function drained(closed: Promise<unknown>, stream: { destroy(): void }): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([closed, new Promise((done) => (timer = setTimeout(done, 2000)))]);
  clearTimeout(timer);
  stream.destroy();
}
