import { errorText } from "../../util/error-text.js";
import * as z from "zod";
import type { DiffReview } from "../../diff-review/diff-review.js";
import { ToolError } from "../../util/errors.js";
import { pageHunks } from "../../workspace/hunk-pages.js";
import { defineTool } from "./tool.js";

/** Room left under the loop's tool-output cap, so a page is never cut by it. */
export const PAGE_CHARS = 50_000;

const parameters = z.object({
  path: z
    .string()
    .min(1)
    .optional()
    .describe("Only this file's hunks (repository-relative path, as the diff names it)."),
  start: z
    .string()
    .min(1)
    .optional()
    .describe("Where to continue: the hunk the previous page named. Defaults to the first hunk."),
});

/**
 * `git_diff` over the run's hunk index: the diff is computed once, and each call pages whole hunks
 * from it without running git again. Every hunk a page carries is put on the coverage ledger, and
 * counts as examined once the model request that carries it is answered.
 */
export function createDiffPages(review: DiffReview) {
  return defineTool({
    name: "git_diff",
    description:
      "Show the pull request's diff (from the merge base to head, as GitHub shows it), whole " +
      "hunks at a time, optionally for one file. Each page says where the next one starts.",
    parameters,
    async execute(args) {
      const { index, tracker } = review;
      if (args.path !== undefined && !index.files.some((f) => f.path === args.path)) {
        throw new ToolError(
          `${JSON.stringify(args.path)} is not a file of this diff; call git_diff without path to see every file.`,
        );
      }
      let page;
      try {
        page = await pageHunks(index, {
          ...(args.path !== undefined ? { file: args.path } : {}),
          ...(args.start !== undefined ? { startHunk: args.start } : {}),
          maxChars: PAGE_CHARS,
        });
      } catch (error) {
        throw new ToolError(errorText(error));
      }
      tracker.carried([
        ...page.hunks.map((id) => ({ id })),
        ...(page.part ? [{ id: page.part.id, part: page.part.k, of: page.part.n }] : []),
      ]);
      return page.text || "No changes in this diff.";
    },
  });
}
