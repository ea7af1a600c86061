import { createHash } from "node:crypto";
import type { PromptContext, PromptSection } from "./section.js";
import { coreSection } from "./sections/core.js";
import { interactionSection } from "./sections/interaction.js";
import { runtimeSection } from "./sections/runtime.js";
import { toolsSection } from "./sections/tools.js";
import { workspaceSection } from "./sections/workspace.js";

/** Stable sections first, so the prefix is byte-identical across runs and providers can cache it. */
export const SECTIONS: readonly PromptSection[] = [
  coreSection,
  toolsSection,
  interactionSection,
  runtimeSection,
  workspaceSection,
];

export interface SectionRecord {
  id: string;
  version: number;
  stability: "stable" | "dynamic";
  bytes: number;
  sha256: string;
}

export interface BuiltPrompt {
  system: string;
  manifest: SectionRecord[];
}

const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

export function buildPrompt(
  ctx: PromptContext,
  sections: readonly PromptSection[] = SECTIONS,
): BuiltPrompt {
  const rendered = sections
    .map((s) => ({ section: s, text: s.render(ctx).trim() }))
    .filter((r) => r.text !== "");
  const manifest = rendered.map(({ section, text }) => ({
    id: section.id,
    version: section.version,
    stability: section.stability,
    bytes: Buffer.byteLength(text),
    sha256: sha256(text),
  }));
  return { system: rendered.map((r) => r.text).join("\n\n"), manifest };
}
