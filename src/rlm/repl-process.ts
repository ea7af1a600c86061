// One python3 process running driver.py: spawning it as the chosen user, framing protocol lines,
// killing its process group.
import { execFile, spawn, type ChildProcess } from "node:child_process";
import type { Readable, Writable } from "node:stream";
import type { RlmSandbox } from "./confinement.js";
import type { PythonRuntime } from "./python.js";
import { replEnv, type ReplLimits, type Sandbox } from "./sandbox.js";

/** Settings driver.py reads from its command line (nothing secret: argv is public). */
export interface DriverConfig {
  maxBatch: number;
  maxChildChars: number;
  maxSourceChars: number;
  searchSeconds: number;
  captureChars: number;
  sandbox: RlmSandbox;
  /** Tests only (see `confinementTestSeam`): a confinement that fails as it would on such a kernel. */
  simulateUnconfined?: "landlock" | "seccomp" | undefined;
}

export interface ProcessPlan {
  runtime: PythonRuntime;
  sandbox: Sandbox;
  limits: ReplLimits;
  driver: DriverConfig;
  /** Speak on stdin/stdout instead of fds 3/4: sudo closes every fd above 2. */
  protoOnStdio: boolean;
}

/** A protocol line longer than this is a flood, not a message. */
const MAX_LINE = 64 * 1024 ** 2;

export class ReplProcess {
  readonly child: ChildProcess;
  /** Settles once the process is gone, saying how it ended. */
  readonly exited: Promise<string>;
  private stderrTail = "";
  private readonly toDriver: Writable;
  private readonly viaSudo: boolean;

  constructor(plan: ProcessPlan, onLine: (line: string) => void, onFlood: () => void) {
    const { runtime, sandbox, limits } = plan;
    this.viaSudo = runtime.identity.kind === "sudo";
    const onStdio = plan.protoOnStdio || this.viaSudo;
    const config = JSON.stringify({
      input: sandbox.input,
      proto: onStdio ? [0, 1] : [3, 4],
      limits: {
        as: limits.memoryBytes,
        cpu: limits.cpuSeconds,
        fsize: limits.fileBytes,
        ...(limits.processes !== undefined ? { nproc: limits.processes } : {}),
      },
      max_batch: plan.driver.maxBatch,
      max_child_chars: plan.driver.maxChildChars,
      max_source_chars: plan.driver.maxSourceChars,
      search_seconds: plan.driver.searchSeconds,
      capture_chars: plan.driver.captureChars,
      work: sandbox.work,
      sandbox: plan.driver.sandbox,
      // the host sends the input's block index before the driver reports ready (input-index.ts)
      index: true,
      // the host fills the input file while Python starts, and says when (sandbox.ts)
      input_message: true,
      ...(plan.driver.simulateUnconfined
        ? { simulate_unconfined: plan.driver.simulateUnconfined }
        : {}),
    });
    const python = [runtime.executable, "-I", "-S", "-u", sandbox.driver, config];
    const env = replEnv(sandbox.work);
    const id = runtime.identity;
    const [file, ...args] =
      id.kind === "sudo"
        ? ["sudo", "-n", "-u", `#${id.uid}`, "--", "env", "-i"]
            .concat(Object.entries(env).map(([k, v]) => `${k}=${v}`))
            .concat(python)
        : python;
    this.child = spawn(file!, args, {
      cwd: sandbox.work,
      env,
      detached: true, // its own process group, so a kill takes everything it started
      stdio: onStdio ? ["pipe", "pipe", "pipe"] : ["pipe", "pipe", "pipe", "pipe", "pipe"],
      ...(id.kind === "uid" ? { uid: id.uid, gid: id.gid } : {}),
    });
    const stdio = this.child.stdio;
    for (const s of stdio) s?.on("error", () => undefined);
    this.toDriver = (onStdio ? stdio[0] : stdio[3]) as Writable;
    const fromDriver = (onStdio ? stdio[1] : stdio[4]) as Readable;
    // Whatever else the process writes is drained; only the tail of stderr is kept for errors.
    if (!onStdio) (stdio[1] as Readable).resume();
    if (!onStdio) (stdio[3] as unknown as Readable).resume();
    (stdio[2] as Readable).on("data", (d: Buffer) => {
      this.stderrTail = (this.stderrTail + d.toString("utf8")).slice(-4000);
    });
    readLines(fromDriver, onLine, onFlood);
    this.exited = new Promise((resolve) => {
      this.child.once("error", (e) => resolve(`could not start (${e.message})`));
      this.child.once("exit", (code, signal) =>
        resolve(signal ? `was killed by ${signal}` : `exited with code ${code}`),
      );
    });
  }

  /** The end of what the process wrote to stderr. */
  get tail(): string {
    return this.stderrTail.trim();
  }

  send(message: object): void {
    if (this.toDriver.writable) this.toDriver.write(JSON.stringify(message) + "\n");
  }

  /** SIGKILL to the whole process group. */
  kill(): void {
    const pid = this.child.pid;
    if (pid === undefined) return;
    try {
      process.kill(-pid, "SIGKILL");
    } catch {
      // already gone
    }
    // Under sudo the python process belongs to another user; only sudo can signal it.
    if (this.viaSudo) execFile("sudo", ["-n", "kill", "-KILL", "--", `-${pid}`], () => undefined);
  }
}

function readLines(stream: Readable, onLine: (line: string) => void, onFlood: () => void): void {
  let parts: Buffer[] = [];
  let size = 0;
  stream.on("data", (chunk: Buffer) => {
    let start = 0;
    for (let nl = chunk.indexOf(10); nl !== -1; nl = chunk.indexOf(10, start)) {
      parts.push(chunk.subarray(start, nl));
      const line = Buffer.concat(parts).toString("utf8");
      parts = [];
      size = 0;
      start = nl + 1;
      onLine(line);
    }
    if (start < chunk.length) {
      parts.push(chunk.subarray(start));
      size += chunk.length - start;
      if (size > MAX_LINE) {
        parts = [];
        size = 0;
        onFlood();
      }
    }
  });
}
