import type { PromptSection } from "../section.js";

export const runtimeSection: PromptSection = {
  id: "runtime",
  version: 1,
  stability: "dynamic",
  render: (ctx) =>
    [
      "Runtime:",
      `- date: ${ctx.date}`,
      `- repository: ${ctx.repository}`,
      `- event: ${ctx.event}${ctx.pr !== undefined ? `, pull request #${ctx.pr}` : ""}`,
      `- base (merge base): ${ctx.base}`,
      `- head: ${ctx.head}`,
      `- model: ${ctx.model}`,
      `- budgets: ${ctx.budgets.maxTurns} turns, ${ctx.budgets.maxTokens} tokens, ${ctx.budgets.timeoutMinutes} minutes` +
        (ctx.budgets.maxCostUsd !== undefined ? `, $${ctx.budgets.maxCostUsd}` : ""),
      `- mode: ${ctx.trusted ? "trusted" : "untrusted (read-only; the author lacks write permission)"}`,
    ].join("\n"),
};
