import { errorText } from "../util/error-text.js";
import type { Settings } from "../config/settings.js";
import type { RepoRef } from "../github/port.js";
import type { Journal } from "../journal/journal.js";
import { bound, neutralizeMarkdown } from "../util/sanitize.js";
import { canWrite, isBot } from "../trigger/actor.js";
import type { Command } from "../trigger/command.js";
import type { CommentTrigger } from "../trigger/trigger.js";
import {
  FORGET_USAGE,
  REMEMBER_USAGE,
  parseForgetArgs,
  parseRememberArgs,
} from "./command-args.js";
import {
  idForComment,
  scopeDirOf,
  type MemoryRecord,
  type MemoryTombstone,
} from "../memory-store/record.js";
import {
  REPLY_LIMIT,
  failureReply,
  forgotReply,
  forkReply,
  listReply,
  refusedReply,
  rememberedReply,
} from "./replies.js";
import { parseStore } from "../memory-store/parse.js";
import { forgottenIds, loadMemory } from "../context/memory/retrieval.js";
import { memoryRepository } from "../github/memory-repository.js";
import { MemoryStoreError, type MemoryStore } from "../memory-store/store.js";

export type MemoryCommandName = "remember" | "forget" | "memories";

export interface MemoryCommandDeps {
  repo: RepoRef;
  trigger: CommentTrigger;
  settings: Settings;
  /** The commenter's collaborator permission and finer role, as GitHub reported them. */
  permission: { permission: string; roleName: string };
  journal: Journal;
  now?: () => Date;
  /** The store `settings.memory` describes (the branch store in the action). */
  store: MemoryStore;
  /** Removes secrets from error text before it is posted. */
  redact?: (text: string) => string;
}

export interface MemoryCommandResult {
  conclusion: "success" | "refused" | "failure";
  /** The reply posted on the issue (also fit for the step summary). */
  reply: string;
  /** The id of the row this command wrote, or found already written. */
  entryId?: string;
}

type Decided = MemoryCommandResult & { reason: string };

const FORK_REASON =
  "this pull request comes from a fork, and for a review comment on it GitHub gives the workflow a read-only token and no secrets, so the memory branch cannot be written.";

/** The row a comment writes: review comments are numbered apart from issue comments. */
const rowId = (project: string, trigger: CommentTrigger) =>
  idForComment(project, trigger.commentId, trigger.thread ? "review" : "issue");

/** Whether a comment's command is one of the memory commands this module handles. */
export function isMemoryCommand(
  command: Command | undefined,
): command is Command & { name: MemoryCommandName } {
  return command?.name === "remember" || command?.name === "forget" || command?.name === "memories";
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
const refused = (reason: string, reply = refusedReply(reason)): Decided => ({
  conclusion: "refused",
  reply,
  reason,
});

/**
 * Runs `/remember`, `/forget` or `/memories` from a comment: checks who asked, writes or reads the
 * store and words the reply (the memory mode has it posted). Refusals and failures write nothing
 * and say why in the reply.
 */
export async function handleMemoryCommand(deps: MemoryCommandDeps): Promise<MemoryCommandResult> {
  const command = deps.trigger.command;
  if (!isMemoryCommand(command)) {
    throw new Error(`handleMemoryCommand got ${command ? `/${command.name}` : "no command"}`);
  }
  const decided = await decide(deps, command);
  const redact = deps.redact ?? ((s: string) => s);
  decided.reply = bound(neutralizeMarkdown(redact(decided.reply)), REPLY_LIMIT, "_(cut)_");
  deps.journal.emit({
    type: "memory.command",
    command: command.name,
    conclusion: decided.conclusion,
    reason: decided.reason,
    ...(decided.entryId !== undefined ? { id: decided.entryId } : {}),
  });
  const { reason: _reason, ...result } = decided;
  return result;
}

async function decide(deps: MemoryCommandDeps, command: Command): Promise<Decided> {
  const { trigger, settings, permission } = deps;
  const sender = { login: trigger.sender, type: trigger.senderType };
  const project = `${deps.repo.owner}/${deps.repo.repo}`;
  if (isBot(sender) && !settings.allowBots.includes(sender.login.toLowerCase())) {
    return refused(`${sender.login} is a bot that is not listed in \`allow-bots\`.`);
  }
  if (!canWrite(permission.permission)) {
    return refused(
      `memory commands need write or admin permission on ${project}; ${sender.login} has ${permission.permission || "none"}.`,
    );
  }
  if (trigger.thread?.fork && command.name !== "memories") {
    return refused(FORK_REASON, forkReply(command.name));
  }
  const store = deps.store;
  try {
    switch (command.name) {
      case "remember":
        return await remember(deps, store, command.args, project);
      case "forget":
        return await forget(deps, store, command.args, project);
      default: {
        const limit = settings.memory.limit;
        const loaded = await loadMemory({
          store,
          user: sender.login,
          project,
          limit,
          journal: deps.journal,
        });
        const reply = listReply(loaded, {
          user: sender.login,
          project,
          limit,
          source: store.source,
        });
        return { conclusion: "success", reply, reason: `${loaded.entries.length} listed` };
      }
    }
  } catch (error) {
    const failure =
      error instanceof MemoryStoreError ? error : new MemoryStoreError("io", errorText(error));
    const target = memoryRepository(deps.repo, settings);
    const reply = failureReply(
      failure,
      `${target.owner}/${target.repo}`,
      settings.memory.token !== undefined,
    );
    return { conclusion: "failure", reply, reason: failure.message };
  }
}

async function remember(
  deps: MemoryCommandDeps,
  store: MemoryStore,
  args: string,
  project: string,
): Promise<Decided> {
  const parsed = parseRememberArgs(args);
  if (!parsed.ok) return refused(parsed.problem, `${parsed.problem}\n\n${REMEMBER_USAGE}`);
  const { trigger } = deps;
  // A reply in a review thread is about the thread's file: a project entry holds for its
  // directory. A user's preference is about the person, and follows them everywhere as before.
  const dir =
    trigger.thread && parsed.type !== "user-preference"
      ? scopeDirOf(trigger.thread.path)
      : undefined;
  const entry: MemoryRecord = {
    v: 1,
    id: rowId(project, trigger),
    type: parsed.type,
    text: parsed.text,
    user: trigger.sender,
    project,
    ...(dir !== undefined ? { dir } : {}),
    created_at: (deps.now ?? (() => new Date()))().toISOString(),
    ...(URL.canParse(trigger.commentUrl) ? { source: trigger.commentUrl } : {}),
  };
  const result = await store.append(entry);
  deps.journal.emit({ type: "memory.appended", id: entry.id, kind: entry.type, ...result });
  return {
    conclusion: "success",
    reply: rememberedReply(entry, result.duplicate, trigger.thread !== undefined),
    entryId: entry.id,
    reason: result.duplicate ? "already stored" : `stored after ${result.attempts} attempt(s)`,
  };
}

async function forget(
  deps: MemoryCommandDeps,
  store: MemoryStore,
  args: string,
  project: string,
): Promise<Decided> {
  const target = parseForgetArgs(args);
  if (!target) return refused("`/forget` needs an entry id.", FORGET_USAGE);
  const { trigger, permission } = deps;
  const { rows } = parseStore(await store.read());
  const entry = rows.find((r) => r.id === target);
  if (!entry || entry.type === "forget") {
    return refused(`there is no memory entry \`${target}\` in \`${store.source}\`.`);
  }
  if (forgottenIds(rows).has(target)) {
    return { conclusion: "success", reply: forgotReply(target, true), reason: "already forgotten" };
  }
  // Admins and maintainers of this repository may forget its entries; only authors may forget
  // entries recorded elsewhere (a memory store shared by several repositories).
  const isAuthor = same(entry.user, trigger.sender);
  const isKeeper =
    ["admin", "maintain"].includes(permission.roleName) && same(entry.project, project);
  if (!isAuthor && !isKeeper) {
    return refused(
      `only its author (${entry.user}) or an admin or maintainer of ${entry.project} may forget \`${target}\`.`,
    );
  }
  const tombstone: MemoryTombstone = {
    v: 1,
    id: rowId(project, trigger),
    type: "forget",
    target,
    user: trigger.sender,
    created_at: (deps.now ?? (() => new Date()))().toISOString(),
  };
  const result = await store.append(tombstone);
  deps.journal.emit({ type: "memory.appended", id: tombstone.id, kind: "forget", ...result });
  return {
    conclusion: "success",
    reply: forgotReply(target, false),
    entryId: tombstone.id,
    reason: `forgot ${target}`,
  };
}
