import type { CallOptions } from "./port.js";

/** The request options octokit takes from a port call's options: only its abort signal. */
export function call(opts: CallOptions | undefined): { signal?: AbortSignal } {
  return opts?.signal ? { signal: opts.signal } : {};
}
