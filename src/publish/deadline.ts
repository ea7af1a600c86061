// Time limits of the publishing steps (see finish.ts): each step has a budget of its own, which
// a stop of the run shortens and every later signal cuts to a moment.

/** What publishing knows of the run's stop signals (the action's `StopSignals`). */
export interface StopWatch {
  /** When the first signal came (`Date.now()`), or undefined while none has. */
  readonly stoppedAt: number | undefined;
  /** Calls `listener` on every signal from now on; returns a function that stops that. */
  onSignal(listener: () => void): () => void;
}

export interface StepLimits {
  /** The step's own budget, counted from its start. */
  budgetMs: number;
  /**
   * Once the run has been stopped, the step ends at the latest this long after the first signal:
   * the runner sends SIGTERM 7.5 s after SIGINT and SIGKILL at 10 s.
   */
  afterStopMs: number;
}

/** What a step still gets after a signal that comes while it runs. */
const HURRY_MS = 1_500;
/** What a step gets at least after a stop, unless a later signal hurries it. */
const MIN_STEP_MS = 1_000;

export interface StepDeadline {
  /** Aborts (with an AbortError) when the step is out of time. */
  readonly signal: AbortSignal;
  /** Stops the clock; call when the step is over. */
  end(): void;
}

/** Starts a step's clock now. */
export function stepDeadline(limits: StepLimits, stops: StopWatch | undefined): StepDeadline {
  const started = Date.now();
  const controller = new AbortController();
  let hurriedAt: number | undefined;
  let timer: NodeJS.Timeout | undefined;
  const arm = () => {
    clearTimeout(timer);
    let end = started + limits.budgetMs;
    const stoppedAt = stops?.stoppedAt;
    if (stoppedAt !== undefined)
      end = Math.min(end, Math.max(stoppedAt + limits.afterStopMs, started + MIN_STEP_MS));
    if (hurriedAt !== undefined) end = Math.min(end, hurriedAt + HURRY_MS);
    const reason = new DOMException("publishing ran out of time", "AbortError");
    timer = setTimeout(() => controller.abort(reason), Math.max(0, end - Date.now()));
    timer.unref();
  };
  arm();
  const off = stops?.onSignal(() => {
    hurriedAt = Date.now();
    arm();
  });
  return {
    signal: controller.signal,
    end() {
      clearTimeout(timer);
      off?.();
    },
  };
}

export type Settled<T> =
  | { readonly kind: "done"; readonly value: T }
  | { readonly kind: "failed"; readonly error: unknown }
  | { readonly kind: "cut" };

/**
 * Waits for `work` until `signal` aborts, whichever comes first. Work that is cut goes on in
 * the background, unobserved (the process ends without waiting for it); a failure is returned,
 * never thrown.
 */
export function settle<T>(work: Promise<T>, signal: AbortSignal): Promise<Settled<T>> {
  const done = work.then(
    (value): Settled<T> => ({ kind: "done", value }),
    (error: unknown): Settled<T> => ({ kind: "failed", error }),
  );
  if (signal.aborted) return Promise.resolve({ kind: "cut" });
  let onAbort: (() => void) | undefined;
  const cut = new Promise<Settled<T>>((resolve) => {
    onAbort = () => resolve({ kind: "cut" });
    signal.addEventListener("abort", onAbort, { once: true });
  });
  return Promise.race([done, cut]).finally(() => {
    if (onAbort) signal.removeEventListener("abort", onAbort);
  });
}
