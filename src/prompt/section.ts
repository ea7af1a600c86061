import type { PullFile } from "../github/port.js";

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
  changedFiles: readonly PullFile[];
  toolNames: readonly string[];
}

export interface PromptSection {
  id: string;
  version: number;
  stability: "stable" | "dynamic";
  render(ctx: PromptContext): string;
}
