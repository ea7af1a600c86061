import { errorText } from "./error-text.js";

/** Which stage failed; `main` turns it into a message that says where to look. */
export class PhaseError extends Error {
  override readonly name = "PhaseError";
  constructor(
    readonly phase: string,
    cause: unknown,
  ) {
    super(`${phase}: ${errorText(cause)}`, { cause });
  }
}

export async function inPhase<T>(phase: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw error instanceof PhaseError ? error : new PhaseError(phase, error);
  }
}
