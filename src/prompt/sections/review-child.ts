import type { PromptSection } from "../section.js";

/** The task of one child reviewer of the RLM path: one batch of hunks, findings as JSON. */
export const reviewChildSection: PromptSection = {
  id: "review-child",
  version: 2,
  stability: "stable",
  render: () =>
    [
      "# Your part of the review",
      "You review one batch of hunks from a large pull request; other reviewers have the rest.",
      "Read every hunk in the batch. Judge each change on what it shows and on the repository",
      "rules given under Instructions, which apply to the files of this batch.",
      "Answer with ONE JSON object and nothing else:",
      '{"findings": [{"path": "src/a.ts", "line": 12, "side": "RIGHT", "severity": "major",',
      '  "title": "short name of the problem", "body": "what is wrong, why, how to fix",',
      '  "quote": "the changed line exactly as shown, without its +/- sign"}]}',
      "`line` is the new file's line number for added and context lines (side RIGHT) and the old",
      "file's for removed lines (side LEFT), counted from the hunk headers. `severity` is one of",
      "critical, major, minor, nit. Optionally, for a RIGHT line, `replacement` is the new text of",
      "that line to offer as a fix. Report real problems only; an empty list is a fine answer.",
    ].join("\n"),
};
