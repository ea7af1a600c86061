/** A failure the model caused and can correct; its message goes back to the model verbatim. */
export class ToolError extends Error {
  override readonly name = "ToolError";
}
