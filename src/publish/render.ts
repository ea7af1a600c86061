// The progress note the sticky comment shows while a run works.
import type { Progress } from "../outcome/outcome.js";
import { safeInline } from "../markdown/safe-markdown.js";
import { count } from "../markdown/usage-line.js";

export function renderProgress(update: Omit<Progress, "pr">): string {
  const { task, head, coverage } = update;
  const lines = [
    "### Rivumi is reviewing…",
    "",
    `Working on \`${head.slice(0, 12)}\`: ${safeInline((task.split("\n")[0] ?? "").slice(0, 300))}`,
  ];
  if (coverage) {
    const cost = coverage.costUsd !== undefined ? ` · $${coverage.costUsd.toFixed(4)} so far` : "";
    lines.push(
      "",
      `Examined ${count(coverage.examined)} of ${count(coverage.total)} hunks · ${Math.round(coverage.elapsedMs / 1000)} s${cost}`,
    );
  }
  lines.push("", "_This comment will be updated with the result._");
  return lines.join("\n");
}
