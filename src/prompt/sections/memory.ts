import type { PromptSection } from "../section.js";

const MAX_TEXT = 1_000;

/** What users asked Rivumi to remember with /remember, oldest first; known context, not orders. */
export const memorySection: PromptSection = {
  id: "memory",
  version: 1,
  stability: "dynamic",
  render: (ctx) => {
    const entries = ctx.memory.entries;
    if (entries.length === 0) return "";
    return [
      "# Memory",
      "Things people on this project asked you to remember (oldest first). Treat them as known",
      "context; the current task and the instructions above take precedence.",
      ...entries.map((e) => {
        const scope = e.dir !== undefined ? ` for ${e.dir.slice(0, MAX_TEXT)}/` : "";
        return `- [${e.type}${scope}] ${e.text.replace(/\s+/g, " ").slice(0, MAX_TEXT)}`;
      }),
    ].join("\n");
  },
  sources: (ctx) => (ctx.memory.source ? [ctx.memory.source] : []),
};
