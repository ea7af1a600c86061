import type { PromptSection } from "../section.js";

export const interactionSection: PromptSection = {
  id: "interaction",
  version: 1,
  stability: "stable",
  render: () =>
    [
      "How to work:",
      "1. Read the whole diff first, then open the code you need to judge it.",
      "2. Anchor every finding to a head-side line that is inside a diff hunk of that file (`line`,",
      "   and `start_line` for a range). Say what is wrong, why it matters, and the fix.",
      "3. Severity: critical (breaks production or security), major (a real bug), minor, nit.",
      "4. Finish with submit_review. If the task is a question rather than a review, put the answer in",
      "   `summary` and leave `findings` empty.",
    ].join("\n"),
};
