// The review's side of its threads that needs the world: GitHub's threads (read beside the
// workspace), who may write, and the new head's lines; the decisions are `threads.ts`'s.
import type { ReviewThread } from "../github/port.js";
import type { Finding, LastReview, ThreadPlan } from "../outcome/review.js";
import { canWrite } from "../trigger/actor.js";
import { errorText } from "../util/error-text.js";
import { headLineHashes } from "./no-longer-applies.js";
import type { ReviewPorts } from "./ports.js";
import { planThreads } from "./threads.js";

/** The pull request's threads, or why they could not be read. */
export type ThreadsRead = ReviewThread[] | { unread: string };

/** Starts reading the threads; never rejects. */
export function readThreads(ports: ReviewPorts, pr: number): Promise<ThreadsRead> {
  return ports.reviewThreads(pr).catch((error: unknown) => ({ unread: errorText(error) }));
}

/**
 * What to do with Rivumi's threads at this head, and this review's findings without those people
 * dismissed (before, or in a thread just read). Each decision is journaled with its reason.
 */
export async function tidyThreads(
  ports: ReviewPorts,
  opts: {
    read: Promise<ThreadsRead>;
    root: string;
    head: string;
    findings: readonly Finding[];
    last: LastReview;
  },
): Promise<{ plan: ThreadPlan; kept: Finding[] }> {
  const read = await opts.read;
  const threads = Array.isArray(read) ? read : [];
  const writers = new Map<string, Promise<boolean>>();
  const isWriter = (login: string) => {
    const key = login.toLowerCase();
    let known = writers.get(key);
    if (!known) {
      known = ports.permissionOf(login).then(canWrite, () => false);
      writers.set(key, known);
    }
    return known;
  };
  const lines = headLineHashes(opts.root, opts.head, ports.signal);
  const result = await planThreads(threads, {
    self: threads.length > 0 ? await ports.selfLogin() : "",
    findings: opts.findings,
    dismissedBefore: opts.last.state?.dismissed ?? [],
    isWriter,
    async findQuote(path, quoted, near) {
      const hashes = await lines(path);
      if (hashes === "missing") return null;
      if (hashes === "unread") return undefined;
      let best: number | null = null;
      hashes.forEach((hash, i) => {
        if (hash === quoted && (best === null || Math.abs(i + 1 - near) < Math.abs(best - near)))
          best = i + 1;
      });
      return best;
    },
    resolve: ports.settings.inline.resolveOutdated,
    record: (decision) => ports.journal.emit({ type: "review.thread", ...decision }),
  });
  if (!Array.isArray(read)) result.plan.unread = read.unread;
  return result;
}
