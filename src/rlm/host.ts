// The REPL host: one long-running python3 per RLM run, a watchdog per cell, a fresh process when a
// cell has to be killed, and child-call requests routed to the broker.
import { errorText } from "../util/error-text.js";
import { setTimeout as delay } from "node:timers/promises";
import {
  readyOrDone,
  type CellResult,
  type ChildReply,
  type DoneMessage,
  type InputMeta,
  type ReadyMessage,
  type ReplStatus,
} from "./protocol.js";
import {
  confinementTestSeam,
  describeConfinement,
  RlmUnconfinedError,
  type Confinement,
  type RlmSandbox,
} from "./confinement.js";
import { INPUT_BLOCK, indexInput, type InputIndex } from "./input-index.js";
import { resolvePython, RlmSetupError, type PythonRuntime } from "./python.js";
import { ReplProcess, type DriverConfig, type ProcessPlan } from "./repl-process.js";
import { Watchdog } from "./watchdog.js";
import {
  describeLimits,
  limitsFor,
  prepareSandbox,
  type RlmInput,
  type Sandbox,
} from "./sandbox.js";

export interface ReplHostOptions extends Partial<DriverConfig> {
  input: RlmInput;
  /** Answers a child-call request; gets the raw message, since REPL code can forge it. */
  onChild(request: Record<string, unknown>): Promise<ChildReply>;
  /** Budget figures sent along with every cell and child reply. */
  status(): ReplStatus;
  python?: string;
  isolation?: "auto" | "none";
  /** `landlock` (the default) confines the REPL or refuses to run it; `none` opts out. */
  sandbox?: RlmSandbox;
  /** An interpreter and identity resolved already; skips the search. */
  runtime?: PythonRuntime;
  /** Per-cell time limit, not counting time spent waiting on child calls. Default 120 s. */
  cellTimeoutMs?: number;
  startTimeoutMs?: number;
  /** Speak on stdin/stdout (as under sudo) even when fds 3/4 are available. */
  protoOnStdio?: boolean;
}

interface Cell {
  id: number;
  started: number;
  inflight: number;
  watchdog: Watchdog;
  resolve(result: CellResult): void;
}

export class ReplHost {
  private current: ReplProcess | undefined;
  private cell: Cell | undefined;
  private seq = 0;
  private closed = false;
  /** Set when the process died between cells; the next result says so. */
  private lostBetweenCells: string | undefined;
  private readonly plan: ProcessPlan;
  /** Size and shape of the input, from the driver. */
  meta!: InputMeta;
  /** The interpreter's version, as it reported it. */
  python = "";
  /** What the driver's confinement did, as it reported before running any model code. */
  confinement!: Confinement;
  private readonly identityText: string;
  /** The input's block index, built once, for every process that loads it. */
  private index: Promise<InputIndex> | undefined;

  private constructor(
    private readonly opts: ReplHostOptions,
    runtime: PythonRuntime,
    private readonly sandbox: Sandbox,
  ) {
    const limits = limitsFor(sandbox.inputBytes, runtime.identity);
    this.plan = {
      runtime,
      sandbox,
      limits,
      protoOnStdio: opts.protoOnStdio ?? false,
      driver: {
        maxBatch: opts.maxBatch ?? 16,
        maxChildChars: opts.maxChildChars ?? 200_000,
        maxSourceChars: opts.maxSourceChars ?? 8_000_000,
        searchSeconds: opts.searchSeconds ?? 10,
        captureChars: opts.captureChars ?? 100_000,
        sandbox: opts.sandbox ?? "landlock",
        simulateUnconfined: confinementTestSeam.simulate,
      },
    };
    const id = runtime.identity;
    const who =
      id.kind === "self" ? `same user (${runtime.reason})` : `uid ${id.uid} (${runtime.reason})`;
    this.identityText = `${who}; allow-listed env; private cwd; ${describeLimits(limits)}`;
  }

  /** Which protections are in force, for the journal. */
  get isolation(): string {
    return `${this.identityText}; ${describeConfinement(this.confinement)}`;
  }

  static async start(opts: ReplHostOptions): Promise<ReplHost> {
    const runtime = opts.runtime ?? (await resolvePython(opts.python, opts.isolation));
    const sandbox = await prepareSandbox(opts.input, runtime.identity);
    const host = new ReplHost(opts, runtime, sandbox);
    try {
      // Python starts while the input is copied into the sandbox (both take tens of ms at 100 MB)
      await host.spawn();
    } catch (error) {
      await sandbox.filled.catch(() => undefined); // not removed from under a copy still writing
      await sandbox.remove();
      throw error;
    }
    return host;
  }

  /** The REPL's working directory. */
  get workDir(): string {
    return this.sandbox.work;
  }

  /** The current python process id, if one runs. */
  get pid(): number | undefined {
    return this.current?.child.pid;
  }

  private async spawn(): Promise<void> {
    let onReady: (m: ReadyMessage) => void = () => undefined;
    const ready = new Promise<ReadyMessage>((resolve) => (onReady = resolve));
    const proc: ReplProcess = new ReplProcess(
      this.plan,
      (line) => this.onLine(proc, line, onReady),
      () => this.onFlood(proc),
    );
    // The driver maps the input once it is told the file is filled.
    const filled = this.sandbox.filled.then(
      () => void proc.send({ op: "input" }),
      (error: unknown) => `could not be given its input (${errorText(error)})`,
    );
    // Built here while Python hashes the input; without it (an unreadable copy) the driver counts.
    this.index ??= this.sandbox.filled.then(() => indexInput(this.sandbox.input));
    void this.index.then(
      (index) => proc.send({ op: "index", block: INPUT_BLOCK, ...index }),
      () => proc.send({ op: "index", block: INPUT_BLOCK }),
    );
    const ms = this.opts.startTimeoutMs ?? 60_000;
    const started = await Promise.race([
      ready,
      proc.exited,
      // The clock starts once the input is in place, as it did when the copy came first.
      filled.then(
        (failed) =>
          failed ?? delay(ms, `did not report ready within ${ms / 1000} s`, { ref: false }),
      ),
    ]);
    if (typeof started === "string") {
      proc.kill();
      throw new RlmSetupError(`the Python REPL ${started}${proc.tail ? `: ${proc.tail}` : ""}`);
    }
    const confined = started.confinement;
    if (
      this.plan.driver.sandbox === "landlock" &&
      !(confined.sandbox === "landlock" && confined.applied)
    ) {
      proc.kill();
      throw new RlmUnconfinedError(confined.reason ?? "the driver did not say why");
    }
    this.confinement = confined;
    this.meta = started.meta;
    this.python = started.python;
    this.current = proc;
    void proc.exited.then((how) => this.onExit(proc, how));
  }

  /** Runs one cell; never throws for what the cell does, only when no REPL can be started. */
  async exec(code: string): Promise<CellResult> {
    if (this.closed) return this.lost({ started: Date.now() }, "the run was stopped", "");
    if (!this.current) await this.spawn();
    const proc = this.current!;
    const id = ++this.seq;
    const limit = this.opts.cellTimeoutMs ?? 120_000;
    const earlier = this.lostBetweenCells;
    this.lostBetweenCells = undefined;
    const result = await new Promise<CellResult>((resolve) => {
      const cell: Cell = {
        id,
        started: Date.now(),
        inflight: 0,
        resolve,
        watchdog: new Watchdog(limit, () => void this.timeout(cell, proc, limit)),
      };
      this.cell = cell;
      proc.send({ op: "exec", id, code, status: this.opts.status() });
      cell.watchdog.resume();
    });
    if (earlier && !result.lost)
      result.lost = `${earlier}. This cell ran in a fresh REPL process: ${LOST}`;
    return result;
  }

  /** Kills the process (a running cell ends as lost) and removes the directory. Idempotent. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const proc = this.current;
    this.current = undefined;
    if (this.cell) this.finish(this.cell, this.lost(this.cell, "the run ended", ""));
    if (proc) {
      proc.kill();
      await Promise.race([proc.exited, delay(2000, undefined, { ref: false })]);
    }
    await this.sandbox.remove();
  }

  private onLine(proc: ReplProcess, line: string, onReady: (m: ReadyMessage) => void): void {
    let raw: unknown;
    try {
      raw = JSON.parse(line);
    } catch {
      return; // noise on the pipe is not a message
    }
    if (typeof raw !== "object" || raw === null) return;
    if ((raw as { op?: unknown }).op === "child") {
      void this.onChild(proc, raw as Record<string, unknown>);
      return;
    }
    const parsed = readyOrDone.safeParse(raw);
    if (!parsed.success) return;
    if (parsed.data.op === "ready") onReady(parsed.data);
    else if (proc === this.current && this.cell?.id === parsed.data.id)
      this.finish(this.cell, fromDone(parsed.data));
  }

  private async onChild(proc: ReplProcess, raw: Record<string, unknown>): Promise<void> {
    const cell = this.cell;
    let reply: ChildReply;
    if (!cell || proc !== this.current) {
      reply = { ok: false, error: "no cell is running" };
    } else {
      // Waiting on models is not the cell's time: the watchdog rests while calls are out.
      if (cell.inflight++ === 0) cell.watchdog.pause();
      try {
        reply = await this.opts.onChild(raw);
      } catch (error) {
        reply = { ok: false, error: errorText(error) };
      } finally {
        if (--cell.inflight === 0 && this.cell === cell) cell.watchdog.resume();
      }
    }
    if (typeof raw.id === "number" && proc === this.current)
      proc.send({ op: "reply", id: raw.id, ...reply, status: this.opts.status() });
  }

  private async timeout(cell: Cell, proc: ReplProcess, limit: number): Promise<void> {
    if (this.cell !== cell) return;
    await this.replace(cell, proc, `the cell ran past its ${limit / 1000} s time limit`);
  }

  private onFlood(proc: ReplProcess): void {
    if (proc === this.current && this.cell)
      void this.replace(this.cell, proc, "the REPL flooded the protocol pipe");
    else proc.kill();
  }

  private async replace(cell: Cell, proc: ReplProcess, why: string): Promise<void> {
    this.current = undefined; // its late messages are ignored from here on
    proc.kill();
    await Promise.race([proc.exited, delay(5000, undefined, { ref: false })]);
    this.finish(
      cell,
      this.lost(cell, `${why}, so the REPL process and its process group were killed`, ""),
    );
  }

  private onExit(proc: ReplProcess, how: string): void {
    if (proc !== this.current) return;
    this.current = undefined;
    if (this.cell)
      this.finish(this.cell, this.lost(this.cell, `the REPL process ${how}`, proc.tail));
    else this.lostBetweenCells = `the REPL process ${how} after the previous cell`;
  }

  private finish(cell: Cell, result: CellResult): void {
    if (this.cell !== cell) return;
    this.cell = undefined;
    cell.watchdog.stop();
    cell.resolve(result);
  }

  private lost(cell: Pick<Cell, "started">, why: string, stderr: string): CellResult {
    return {
      stdout: "",
      stdoutChars: 0,
      stderr,
      stderrChars: stderr.length,
      error: why,
      final: undefined,
      coverage: undefined,
      ms: Date.now() - cell.started,
      lost: `${why}. The next cell runs in a fresh REPL process: ${LOST}`,
    };
  }
}

const LOST =
  "every variable, import and function defined so far is gone (the input is loaded again as `_context`).";

function fromDone(m: DoneMessage): CellResult {
  return {
    stdout: m.stdout,
    stdoutChars: m.stdout_chars,
    stderr: m.stderr,
    stderrChars: m.stderr_chars,
    error: m.error ?? undefined,
    final: m.final ?? undefined,
    coverage: m.coverage ?? undefined,
    ms: m.ms,
  };
}
