import { createHash } from "node:crypto";
import type { CallOptions, GitHubPort, IssueComment } from "../github/port.js";
import { MARKER_ROOM } from "../markdown/limits.js";
import { hasState, stateLine } from "../markdown/state-line.js";

/** Most characters of a sticky key; the marker must fit in `MARKER_ROOM`. */
const KEY_MAX = 100;

/**
 * Which sticky comment a run owns. Each workflow job keeps its own (so two Rivumi jobs on one
 * pull request do not overwrite each other), unless `comment-key` names one; a `/rivumi` task
 * answers in a comment of its own per command, so it never replaces the review.
 */
export function stickyKey(opts: {
  configured: string | undefined;
  workflow: string | undefined;
  job: string | undefined;
  commentId?: number | undefined;
}): string {
  const suffix = opts.commentId !== undefined ? `/task-${opts.commentId}` : "";
  const raw = opts.configured ?? `${opts.workflow || "workflow"}/${opts.job || "job"}`;
  let base = raw.replace(/[^A-Za-z0-9._/-]+/g, "-");
  // Two names that differ only in the characters replaced above, or past the length cut, must
  // not share a comment: such a base carries a short hash of the name as written.
  const room = KEY_MAX - suffix.length;
  if (base !== raw || base.length > room) {
    const hash = createHash("sha256").update(raw).digest("hex").slice(0, 8);
    base = `${base.slice(0, room - hash.length - 1)}-${hash}`;
  }
  return base + suffix;
}

/** The hidden first line that marks a sticky comment; untrusted text can never contain one. */
export function stickyMarker(key: string): string {
  const marker = `<!-- rivumi:sticky ${key} -->`;
  if (marker.length > MARKER_ROOM) throw new Error(`sticky key too long: ${key.length}`);
  return marker;
}

/** What a write of the sticky comment did. */
export interface Upserted {
  action: "created" | "updated";
  comment: IssueComment;
  /** A newer text took this call's place before it was written; `comment` holds the newer. */
  superseded?: true;
}

interface Waiting {
  content: string;
  opts: CallOptions;
  /** The newest call; every earlier one was replaced. */
  caller: symbol;
  done: Promise<Upserted>;
}

/**
 * One comment per pull request, found by its hidden marker and only if Rivumi's own identity wrote
 * it (anyone can paste the marker into a comment of their own).
 */
export class StickyComment {
  private current: IssueComment | undefined;
  /** The comment's body as this run first found it, before any write of its own. */
  private found: { body: string | undefined } | undefined;
  private looking: Promise<void> | undefined;
  /** The write that waits its turn, which a newer call may still replace. */
  private waiting: Waiting | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  readonly marker: string;

  constructor(
    private readonly github: GitHubPort,
    private readonly pr: number,
    /** The token's own login; asked lazily so the lookup stays off the critical path. */
    private readonly self: () => Promise<string>,
    /** See `stickyKey`. */
    key: string,
  ) {
    this.marker = stickyMarker(key);
  }

  get url(): string | undefined {
    return this.current?.url;
  }

  /** Rivumi's own marked comments on the pull request, oldest first. */
  private async own(opts: CallOptions): Promise<IssueComment[]> {
    const [comments, self] = await Promise.all([
      this.github.listIssueComments(this.pr, opts),
      this.self(),
    ]);
    const me = self.toLowerCase();
    return comments
      .filter((c) => c.author.toLowerCase() === me && firstLine(c.body) === this.marker)
      .sort((a, b) => a.id - b.id);
  }

  /**
   * The body Rivumi's own comment had when this run first looked (undefined when it had none):
   * where the last review's state is read from, since this run's progress note replaces the text.
   */
  async previous(opts: CallOptions = {}): Promise<string | undefined> {
    // Not queued behind a write: a progress note that GitHub is slow to take must not hold up
    // the run that asks what the last review remembered.
    await this.lookup(opts);
    return this.found?.body;
  }

  /** The first look for Rivumi's comment, shared by every caller; a failed look is tried again. */
  private lookup(opts: CallOptions): Promise<void> {
    if (this.found) return Promise.resolve();
    const look = (this.looking ??= this.own(opts).then((own) => {
      this.current ??= own[0];
      this.found = { body: this.current?.body };
    }));
    look.catch(() => {
      if (this.looking === look) this.looking = undefined;
    });
    return look;
  }

  /**
   * Updates the comment in place, or creates it. Calls run one after another, so a final result
   * never races the progress note; the lookup runs right before creating, so a comment another
   * run made in the meantime is updated rather than duplicated. A call made while an earlier one
   * still waits its turn takes that one's place: only the newest text is written (GitHub asks for
   * a second between writes, so a stale progress note would only delay the result), and the
   * replaced call resolves with the write that replaced it, marked `superseded`. `opts.signal`
   * abandons the write.
   */
  upsert(content: string, opts: CallOptions = {}): Promise<Upserted> {
    const slot: Waiting = this.waiting ?? {
      content,
      opts,
      caller: Symbol("caller"),
      done: this.queue.catch(() => undefined).then(() => this.writeWaiting(slot)),
    };
    if (this.waiting) Object.assign(slot, { content, opts, caller: Symbol("caller") });
    else {
      this.waiting = slot;
      this.queue = slot.done;
    }
    const mine = slot.caller;
    return slot.done.then((r) => (mine === slot.caller ? r : { ...r, superseded: true }));
  }

  private async writeWaiting(slot: Waiting): Promise<Upserted> {
    // From here on this write is under way; a later call queues behind it.
    if (this.waiting === slot) this.waiting = undefined;
    await this.lookup(slot.opts);
    // The last review's state outlives a progress note: a run that dies before its result must
    // not make the next one repost everything.
    const kept = hasState(slot.content) ? undefined : stateLine(this.found?.body ?? "");
    return this.write(`${this.marker}\n${slot.content}${kept ? `\n${kept}` : ""}`, slot.opts);
  }

  private async write(
    body: string,
    opts: CallOptions,
  ): Promise<{ action: "created" | "updated"; comment: IssueComment }> {
    if (this.current) {
      try {
        this.current = await this.github.updateIssueComment(this.current.id, body, opts);
        return { action: "updated", comment: this.current };
      } catch (error) {
        // Someone deleted the comment meanwhile: write a new one rather than lose the result.
        if ((error as { status?: number }).status !== 404) throw error;
        this.current = undefined;
      }
    }
    const created = await this.github.createIssueComment(this.pr, body, opts);
    // Another run may have created one at the same moment: every run keeps the oldest.
    const oldest = (await this.own(opts))[0];
    if (oldest && oldest.id !== created.id) {
      await this.github.deleteIssueComment(created.id, opts);
      this.current = await this.github.updateIssueComment(oldest.id, body, opts);
      return { action: "updated", comment: this.current };
    }
    this.current = created;
    return { action: "created", comment: this.current };
  }
}

function firstLine(text: string): string {
  const end = text.indexOf("\n");
  return (end < 0 ? text : text.slice(0, end)).trimEnd();
}
