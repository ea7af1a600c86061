import type { PromptSection } from "../section.js";

export const interactionSection: PromptSection = {
  id: "interaction",
  version: 2,
  stability: "stable",
  render: () =>
    [
      "How to work:",
      "1. Read the whole diff first, then open the code you need to judge it.",
      "2. Anchor every finding to a line inside a diff hunk of that file: `line` (and `start_line` for",
      "   a range), `side` RIGHT for added and context lines (new numbering) or LEFT for removed ones",
      "   (old numbering), and `quote`, that line exactly as the diff shows it without its +/- sign.",
      "   Give a short `title`; say in `body` what is wrong, why it matters, and the fix. Where the",
      "   fix is a few RIGHT lines, put their new text in `replacement` (it replaces start_line..line).",
      "3. Severity: critical (breaks production or security), major (a real bug), minor, nit.",
      "4. Finish with submit_review. If the task is a question rather than a review, put the answer in",
      "   `summary` and leave `findings` empty.",
    ].join("\n"),
};
