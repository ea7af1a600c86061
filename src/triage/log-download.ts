// A job log's download under deadlines of its own. The log storage is another host, reached by a
// redirect: one that accepts the connection and never answers, or sends a little and stalls,
// must cost that one log, not the run (whose own limit is timeout-minutes, far longer).

/** A download's limits, in milliseconds. */
export interface LogDeadlines {
  /** Longest wait for the next byte, the first included. */
  idleMs: number;
  /** Longest time the whole download may take. */
  totalMs: number;
}

/** A download given up at one of its deadlines; its message says which, and the input to raise. */
export class LogDeadlineError extends Error {
  override readonly name = "LogDeadlineError";
}

/**
 * Opens the stream with `open` and hands it to `save`, aborting both when the log storage sends
 * nothing for `idleMs`, when the download passes `totalMs`, or when `run` aborts (the run's own
 * stop, whose reason is rethrown as it is). `open` gets the signal that carries all three.
 */
export async function downloadWithin<T>(
  limits: LogDeadlines,
  run: AbortSignal,
  open: (signal: AbortSignal) => Promise<AsyncIterable<Uint8Array>>,
  save: (chunks: AsyncIterable<Uint8Array>) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  const give = (message: string) => controller.abort(new LogDeadlineError(message));
  const onRun = () => controller.abort(run.reason);
  if (run.aborted) onRun();
  else run.addEventListener("abort", onRun, { once: true });
  const total = setTimeout(
    () =>
      give(
        `the download took longer than ${seconds(limits.totalMs)} s (triage-log-timeout-seconds)`,
      ),
    limits.totalMs,
  );
  let idle: NodeJS.Timeout | undefined;
  const touch = () => {
    clearTimeout(idle);
    idle = setTimeout(
      () =>
        give(
          `the log storage sent nothing for ${seconds(limits.idleMs)} s (triage-log-idle-seconds)`,
        ),
      limits.idleMs,
    );
  };
  touch();
  try {
    const chunks = await untilAborted(open(controller.signal), controller.signal);
    return await save(watched(chunks, controller.signal, touch));
  } catch (error) {
    // A deadline's own reason says more than the "This operation was aborted" fetch throws.
    if (controller.signal.aborted) throw controller.signal.reason;
    throw error;
  } finally {
    clearTimeout(total);
    clearTimeout(idle);
    run.removeEventListener("abort", onRun);
    // Whatever ended the download, a body still open is closed with it.
    if (!controller.signal.aborted) controller.abort(new Error("the download is over"));
  }
}

/** The chunks of `source`, each one resetting the idle clock; a stalled read ends at the abort. */
async function* watched(
  source: AsyncIterable<Uint8Array>,
  signal: AbortSignal,
  touch: () => void,
): AsyncGenerator<Uint8Array> {
  const iterator = source[Symbol.asyncIterator]();
  let done = false;
  try {
    for (;;) {
      const next = await untilAborted(iterator.next(), signal);
      if (next.done) {
        done = true;
        return;
      }
      touch();
      yield next.value;
    }
  } finally {
    // Not awaited: a stream whose read hangs may hang its `return` too.
    if (!done) void Promise.resolve(iterator.return?.()).catch(() => undefined);
  }
}

/** `work`, or the signal's reason as soon as it aborts (work that ignores the signal included). */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    work.catch(() => undefined);
    return Promise.reject(signal.reason as Error);
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => {
      work.catch(() => undefined);
      reject(signal.reason as Error);
    };
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: Error) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}

function seconds(ms: number): string {
  return String(Math.round(ms / 100) / 10);
}
