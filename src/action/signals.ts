/**
 * The runner cancels a job with SIGINT, then SIGTERM 7.5 s later, then SIGKILL at 10 s; a person
 * at a terminal presses Ctrl-C once or twice. None of these may end the process before its
 * results are out, so the handlers are installed first thing in the entry point (before the rest
 * of the action has loaded) and stay until the run is over: the first signal stops the work (the
 * run's abort), and each later one hurries the publishing (see `finish`). A signal that comes
 * before the run is ready to stop is remembered and stops it as soon as it is.
 */
export class StopSignals {
  private count = 0;
  private first: number | undefined;
  private run: { controller: AbortController; say: (text: string) => void } | undefined;
  private readonly listeners = new Set<() => void>();
  private readonly handler = (signal: NodeJS.Signals) => this.received(signal);
  private installed = false;

  /** Starts catching SIGINT and SIGTERM; until `dispose`, neither ends the process. */
  install(): this {
    if (this.installed) return this;
    process.on("SIGINT", this.handler);
    process.on("SIGTERM", this.handler);
    this.installed = true;
    return this;
  }

  /** When the first signal came (`Date.now()`), or undefined while none has. */
  get stoppedAt(): number | undefined {
    return this.first;
  }

  /** The run to stop on the first signal; one that came already stops it now. */
  attach(controller: AbortController, say: (text: string) => void): void {
    this.run = { controller, say };
    if (this.count > 0) this.stop(say, "a signal that came while Rivumi was starting");
  }

  /** Calls `listener` on every signal from now on; returns a function that stops that. */
  onSignal(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Lets signals act as they would without Rivumi again. */
  dispose(): void {
    process.removeListener("SIGINT", this.handler);
    process.removeListener("SIGTERM", this.handler);
    this.installed = false;
    this.listeners.clear();
    this.run = undefined;
  }

  private received(signal: NodeJS.Signals): void {
    this.count += 1;
    this.first ??= Date.now();
    const say = this.run?.say;
    if (this.count === 1 && say) this.stop(say, signal);
    else say?.(`Received ${signal} again: publishing what is done and skipping the rest.`);
    for (const listener of [...this.listeners]) listener();
  }

  private stop(say: (text: string) => void, what: string): void {
    const run = this.run;
    if (!run || run.controller.signal.aborted) return;
    say(`Received ${what}: stopping and publishing what there is.`);
    run.controller.abort({ rivumi: "cancelled" });
  }
}

/** Catches the stop signals from now on; see `StopSignals`. */
export function catchStopSignals(): StopSignals {
  return new StopSignals().install();
}
