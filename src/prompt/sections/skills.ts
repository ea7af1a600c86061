import type { PromptSection } from "../section.js";

const MAX_SKILLS = 50;
const MAX_DESCRIPTION = 300;

export const skillsSection: PromptSection = {
  id: "skills",
  version: 1,
  stability: "dynamic",
  render: (ctx) => {
    if (ctx.skills.length === 0) return "";
    const shown = ctx.skills.slice(0, MAX_SKILLS).map((s) => {
      const description = s.description.replace(/\s+/g, " ").slice(0, MAX_DESCRIPTION);
      return `- ${s.name}: ${description} (${s.path})`;
    });
    const more =
      ctx.skills.length > MAX_SKILLS
        ? [`- … ${ctx.skills.length - MAX_SKILLS} more not listed`]
        : [];
    return [
      "# Skills",
      "Load one with load_skill when the task matches its description.",
      ...shown,
      ...more,
    ].join("\n");
  },
  sources: (ctx) => ctx.skills.map((s) => s.path),
};
