import type { PullFile } from "../github/port.js";

/** One explicit memory entry as the prompt shows it. */
export interface PromptMemory {
  id: string;
  type: string;
  text: string;
  /** The directory the entry was scoped to (`src/api`); the prompt is about files under it. */
  dir?: string;
}

/** One skill the model may load with `load_skill`. */
export interface PromptSkill {
  name: string;
  description: string;
  path: string;
}

/** Facts the dynamic sections render; stable sections must not read run-specific fields. */
export interface PromptContext {
  date: string;
  repository: string;
  event: string;
  pr: number | undefined;
  base: string;
  head: string;
  model: string;
  budgets: {
    maxTurns: number;
    maxTokens: number;
    timeoutMinutes: number;
    maxCostUsd: number | undefined;
  };
  trusted: boolean;
  purpose: "review" | "task";
  /**
   * The run's fence id (`newFenceNonce`): text from the pull request or the run that a section
   * shows (the changed files' names) sits in a fence whose closing tag carries it.
   */
  nonce: string;
  changedFiles: readonly PullFile[];
  /** The tools offered; part of the configuration, so the stable sections may read it. */
  toolNames: readonly string[];
  /** The rendered instructions (user layer and project documents) and the files they came from. */
  instructions: { text: string; sources: readonly string[]; layering?: "stack" };
  skills: readonly PromptSkill[];
  memory: { entries: readonly PromptMemory[]; source: string | undefined };
}

export interface PromptSection {
  id: string;
  version: number;
  stability: "stable" | "dynamic";
  render(ctx: PromptContext): string;
  /** Where the section's content came from (files, stores); empty for built-in text. */
  sources?(ctx: PromptContext): readonly string[];
}
