/** The shared temporary git repository, plus the ToolContext a tool runs with in it. */
import type { ToolContext } from "../../../src/agent/tools/tool.js";
import { makeTempGit, type TempGit } from "../../support/temp-git.js";

export interface TempRepo extends TempGit {
  ctx(diff?: { base: string; head: string }): ToolContext;
}

export async function makeTempRepo(): Promise<TempRepo> {
  const repo = await makeTempGit();
  return {
    ...repo,
    ctx: (diff = { base: "HEAD", head: "HEAD" }) => ({
      root: repo.root,
      diff,
      signal: new AbortController().signal,
    }),
  };
}
