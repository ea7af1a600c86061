import { createHash } from "node:crypto";
import type { PromptContext, PromptSection } from "./section.js";
import { coreSection } from "./sections/core.js";
import { instructionsSection } from "./sections/instructions.js";
import { interactionSection } from "./sections/interaction.js";
import { memorySection } from "./sections/memory.js";
import { runtimeSection } from "./sections/runtime.js";
import { skillsSection } from "./sections/skills.js";
import { toolsSection } from "./sections/tools.js";
import { workspaceSection } from "./sections/workspace.js";

/** Stable sections first, so the prefix is byte-identical across runs and providers can cache it. */
export const SECTIONS: readonly PromptSection[] = [
  coreSection,
  toolsSection,
  interactionSection,
  runtimeSection,
  instructionsSection,
  skillsSection,
  workspaceSection,
  memorySection,
];

export interface SectionRecord {
  id: string;
  version: number;
  stability: "stable" | "dynamic";
  sources: string[];
  bytes: number;
  sha256: string;
}

export interface BuiltPrompt {
  system: string;
  /** Every section in order, empty ones included (bytes 0), so the journal shows what was left out. */
  manifest: SectionRecord[];
  /** The stable sections as sent: identical across runs with the same configuration. */
  stablePrefix: string;
  /** Derived from the stable prefix; providers that take one use it to route to a warm cache. */
  cacheKey: string;
}

export const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

export function buildPrompt(
  ctx: PromptContext,
  sections: readonly PromptSection[] = SECTIONS,
): BuiltPrompt {
  const rendered = sections.map((section) => ({ section, text: section.render(ctx).trim() }));
  const manifest = rendered.map(({ section, text }) => ({
    id: section.id,
    version: section.version,
    stability: section.stability,
    sources: [...(section.sources?.(ctx) ?? [])],
    bytes: Buffer.byteLength(text),
    sha256: sha256(text),
  }));
  const shown = rendered.filter((r) => r.text !== "");
  const stable = shown.filter((r) => r.section.stability === "stable").map((r) => r.text);
  const stablePrefix = stable.join("\n\n");
  return {
    system: shown.map((r) => r.text).join("\n\n"),
    manifest,
    stablePrefix,
    cacheKey: `rivumi-${sha256(stablePrefix).slice(0, 32)}`,
  };
}
