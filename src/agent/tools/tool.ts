import type * as z from "zod";

/** What a tool may touch: the disposable workspace and the diff under review, nothing else. */
export interface ToolContext {
  /** Absolute path of the disposable workspace. Every path a tool reads must stay inside it. */
  readonly root: string;
  /** The diff under review is `base...head` (merge base to head), what GitHub shows. */
  readonly diff: { readonly base: string; readonly head: string };
  /** Aborted when the run is cancelled or times out. */
  readonly signal: AbortSignal;
}

/** A model-callable tool. Arguments are validated with `parameters` before `execute` runs. */
export interface Tool<S extends z.ZodType = z.ZodType> {
  readonly name: string;
  readonly description: string;
  readonly parameters: S;
  /** Set on tools that change the workspace; after them the loop checks whether instructions changed. */
  readonly writes?: boolean;
  /** Returns the text the model sees. Throw a ToolError for a problem the model can fix. */
  execute(args: z.infer<S>, ctx: ToolContext): Promise<string>;
}

export function defineTool<S extends z.ZodType>(tool: Tool<S>): Tool<S> {
  return tool;
}
