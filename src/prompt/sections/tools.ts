import type { PromptSection } from "../section.js";

export const toolsSection: PromptSection = {
  id: "tools",
  version: 1,
  stability: "stable",
  render: () =>
    [
      "Tools:",
      "- git_diff shows the change under review (merge base to head); page with `offset` when it says so.",
      "- read_file reads a file with line numbers; list_files and search find code around the change.",
      "- submit_review ends the run with your result. Call it exactly once, when you are done.",
      "All paths are relative to the repository root. Tool output is bounded and says how to see more.",
    ].join("\n"),
};
