import type { Settings } from "../config/settings.js";
import type { Journal } from "../journal/journal.js";
import type { AgentPlan } from "../plan/plan.js";
import { assembleContext, type AssembledContext } from "./assemble.js";
import { gitFileSource, type GitFileSource } from "./files/git-source.js";
import { OutsideRootError } from "./files/open-under-root.js";
import { worktreeFileSource } from "./files/worktree-source.js";
import { activeDirsForChangedFiles } from "./instructions/resolve.js";
import type { UserLayerEntry } from "./instructions/types.js";
import { readUserFile } from "./instructions/user-layer.js";
import type { SessionMemory } from "./session-context.js";

export interface RunContextInput {
  settings: Settings;
  plan: AgentPlan;
  root: string;
  base: string;
  head: string;
  changedPaths: readonly string[];
  /** The head lives in another repository: its files are the author's, never rules. */
  fork: boolean;
  /** The runner's checkout, where `instructions-file` is looked up. */
  checkout: string | undefined;
  memory: SessionMemory;
  /** The base commit's source for this workspace, if one was prepared ahead (`prepareBaseSource`). */
  baseSource?: Promise<GitFileSource | undefined> | undefined;
  journal: Journal;
}

export interface RunContext extends AssembledContext {
  edits: boolean;
  /** Things the user should know (a refused `instructions-from: head`), for the log and summary. */
  notices: string[];
}

/** The user layer: the `instructions` text, then `instructions-file`, both always kept. */
export async function userLayerFromSettings(
  settings: Settings,
  base: string | undefined,
): Promise<UserLayerEntry[]> {
  const layer: UserLayerEntry[] = [];
  if (settings.instructions)
    layer.push({ path: "input: instructions", text: settings.instructions });
  if (settings.instructionsFile) {
    const file = await readUserFile(
      { root: base ?? process.cwd(), relative: settings.instructionsFile },
      settings.instructionsFile,
      settings.instructionMaxBytes,
    ).catch((error: unknown) => {
      if (!(error instanceof OutsideRootError)) throw error;
      throw new Error(
        `input 'instructions-file': ${settings.instructionsFile} is not inside the checkout; give a path relative to it, without leaving it by '..'`,
      );
    });
    if (file) layer.push(file);
    else
      throw new Error(
        `input 'instructions-file': ${settings.instructionsFile} does not exist in the checkout`,
      );
  }
  return layer;
}

/**
 * Decides where instructions come from and assembles the context. A review reads them from git
 * objects at a pinned commit (base by default: the pull request cannot rewrite its own rules); a
 * trusted task run with edits reads the workspace's working tree and reloads after each write.
 */
export async function contextForRun(input: RunContextInput): Promise<RunContext> {
  const { settings, plan } = input;
  const notices: string[] = [];
  const edits =
    plan.trusted && plan.kind === "task" && (settings.allowEdits || plan.edits === true);
  let rev = input.base;
  if (settings.instructionsFrom === "head") {
    if (plan.trusted && !input.fork) rev = input.head;
    else
      notices.push(
        "instructions-from: head is honoured only for same-repository pull requests by writers; instructions were read from the base commit",
      );
  }
  // Rules follow the agent's edits only in the repository's own branches; a fork's head is data.
  const fromWorktree = edits && !input.fork;
  if (edits && input.fork) {
    notices.push(
      "the pull request comes from a fork: instructions were read from the base commit, not from the edited workspace",
    );
  }
  const ahead =
    rev === input.base && !fromWorktree
      ? await input.baseSource?.catch(() => undefined)
      : undefined;
  const prepared = ahead?.commit === rev ? ahead : undefined;
  const source = fromWorktree
    ? worktreeFileSource(input.root)
    : (prepared ?? (await gitFileSource(input.root, rev)));
  const activeDirs = plan.pr === undefined ? ["."] : activeDirsForChangedFiles(input.changedPaths);
  const assembled = await assembleContext({
    source,
    activeDirs: activeDirs.length > 0 ? activeDirs : ["."],
    userLayer: await userLayerFromSettings(settings, input.checkout),
    maxBytes: settings.instructionMaxBytes,
    totalBytes: settings.instructionsTotalBytes,
    layering: settings.instructionsLayering,
    memory: input.memory,
    edits,
    reloadable: fromWorktree,
    journal: input.journal,
  });
  return { ...assembled, edits, notices };
}

/** `prompt-cache-key`: `on` always, `off` never, `auto` only for OpenAI's own endpoint. */
export function shouldSendCacheKey(mode: Settings["promptCacheKey"], baseUrl: string): boolean {
  if (mode !== "auto") return mode === "on";
  try {
    return new URL(baseUrl).hostname === "api.openai.com";
  } catch {
    return false;
  }
}
