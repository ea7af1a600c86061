import type { PromptSection } from "../section.js";

/** One line per tool the run may offer; only the offered ones are listed. */
const TOOL_LINES: Record<string, string> = {
  git_diff:
    "git_diff shows the change under review (merge base to head); page with `offset` when it says so.",
  read_file: "read_file reads a file with line numbers; page with `start_line`.",
  list_files: "list_files lists files under a directory.",
  search: "search runs a regular expression over the files and returns matching lines.",
  load_skill: "load_skill returns the full text of a skill listed under Skills.",
  write_file: "write_file creates or replaces a text file in the workspace.",
  apply_patch: "apply_patch applies a unified diff to the workspace; prefer it for small edits.",
  submit_review:
    "submit_review ends the run with your result. Call it exactly once, when you are done.",
};

export const toolsSection: PromptSection = {
  id: "tools",
  version: 2,
  stability: "stable",
  render: (ctx) =>
    [
      "# Tools",
      ...ctx.toolNames.map((name) => `- ${TOOL_LINES[name] ?? name}`),
      "All paths are relative to the repository root. Tool output is bounded and says how to see more.",
      ctx.toolNames.includes("write_file")
        ? "Your edits stay in a disposable copy of the repository; they are saved as a patch for people to review."
        : "You cannot change files: every tool only reads.",
    ].join("\n"),
};
