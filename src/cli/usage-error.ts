/** A mistake in how the command was called; exits 2 with a one-line message. */
export class UsageError extends Error {
  override readonly name = "UsageError";
}
