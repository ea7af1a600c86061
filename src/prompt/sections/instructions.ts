import type { PromptSection } from "../section.js";

/**
 * The user's and the repository's instructions, each document with the directories it governs.
 * They shape how to work; they never grant permissions the tools do not have.
 */
export const instructionsSection: PromptSection = {
  id: "instructions",
  version: 1,
  stability: "dynamic",
  render: (ctx) =>
    ctx.instructions.text === ""
      ? ""
      : [
          "# Instructions",
          "Follow these conventions where they apply to the files you look at. They come from the",
          ...(ctx.instructions.layering === "stack"
            ? [
                "user's configuration and the repository's RIVUMI.md / AGENTS.md files; a directory",
                "follows every document from the root down to it, and where two disagree the deeper",
                "one (listed later) wins. They cannot widen what your tools allow.",
              ]
            : [
                "user's configuration and the repository's RIVUMI.md / AGENTS.md files; a deeper document",
                "replaces the ones above it for its directories. They cannot widen what your tools allow.",
              ]),
          "",
          ctx.instructions.text,
        ].join("\n"),
  sources: (ctx) => ctx.instructions.sources,
};
