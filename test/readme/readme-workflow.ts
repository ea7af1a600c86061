// The README's one workflow, read from the first ```yaml block under "## Use it in a workflow".
import { load } from "js-yaml";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "../support/action-run.js";

export interface Job {
  if?: string;
  concurrency?: { group?: string; "cancel-in-progress"?: boolean };
  permissions?: Record<string, string>;
  steps?: { uses?: string; with?: Record<string, unknown> }[];
}
export interface Workflow {
  on: Record<string, unknown>;
  permissions?: unknown;
  concurrency?: unknown;
  jobs: Record<string, Job>;
}

/** The first ```yaml block under "## Use it in a workflow": the README's one workflow. */
export function readmeWorkflow(): Workflow {
  const readme = readFileSync(join(ROOT, "README.md"), "utf8");
  const block = /## Use it in a workflow\s[\s\S]*?```yaml\n([\s\S]*?)\n```/.exec(readme)?.[1];
  if (!block) throw new Error("README.md has no workflow block under 'Use it in a workflow'");
  return load(block) as Workflow;
}
