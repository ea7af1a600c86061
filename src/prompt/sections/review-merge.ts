import type { PromptSection } from "../section.js";

/** The RLM root's task after the host's map: one summary over every batch's findings. */
export const reviewMergeSection: PromptSection = {
  id: "review-merge",
  version: 1,
  stability: "stable",
  render: () =>
    [
      "The REPL input is a JSON object: `coverage` (what the code counted as examined) and",
      "`findings` (every child reviewer's findings, one record per finding, with its batch).",
      "Write the review's summary: what the pull request changes, the overall verdict, and the",
      "findings that matter most, grouped by theme. Use Python to count and group; do not ask a",
      "child model to count. Do not invent findings and do not claim coverage beyond `coverage`.",
      "finalize() a few paragraphs of Markdown.",
    ].join("\n"),
};
