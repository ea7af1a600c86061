import * as z from "zod";
import type { FileSource } from "../../context/files/types.js";
import { loadSkillBody } from "../../context/skills/discover.js";
import type { Skill } from "../../context/skills/types.js";
import { ToolError } from "../../util/errors.js";
import { defineTool } from "./tool.js";

/** `load_skill`: the body of a listed skill, read again under the same file rules. */
export function createLoadSkill(
  source: FileSource,
  skills: () => readonly Skill[],
  maxBytes: number,
) {
  return defineTool({
    name: "load_skill",
    description: "Load the full instructions of one skill listed under Skills, by its name.",
    parameters: z.object({
      name: z.string().min(1).describe("The skill's name, exactly as listed."),
    }),
    async execute({ name }) {
      const known = skills();
      const skill = known.find((s) => s.name === name);
      if (!skill) {
        throw new ToolError(
          `there is no skill named "${name}". Skills: ${known.map((s) => s.name).join(", ") || "(none)"}.`,
        );
      }
      const body = await loadSkillBody(source, skill, { maxBytes });
      if (!body.ok) throw new ToolError(`skill "${name}" cannot be read now (${body.reason}).`);
      return `# Skill ${skill.name} (${skill.path})\n\n${body.body}`;
    },
  });
}
