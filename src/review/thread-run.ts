// The review's side of its threads that needs the world: GitHub's threads (read beside the
// workspace), who may write, and the new head's lines; the decisions are `threads.ts`'s.
import type { ReviewThread } from "../github/port.js";
import type { Finding, LastReview, ThreadPlan, UnplacedFinding } from "../outcome/review.js";
import { canWrite } from "../trigger/actor.js";
import { errorText } from "../util/error-text.js";
import { headLineHashes } from "./no-longer-applies.js";
import type { ReviewPorts } from "./ports.js";
import { planThreads, type ThreadFacts } from "./threads.js";

/** The pull request's threads, or why they could not be read. */
export type ThreadsRead = ReviewThread[] | { unread: string };

/** Starts reading the threads; never rejects. */
export function readThreads(ports: ReviewPorts, pr: number): Promise<ThreadsRead> {
  return ports.reviewThreads(pr).catch((error: unknown) => ({ unread: errorText(error) }));
}

/**
 * What to do with Rivumi's threads at this head, and this review's findings (placed, and those not
 * anchored) without what people dismissed, before or in a thread just read. Each decision is
 * journaled with its reason. Never throws: what cannot be read or asked leaves the threads as they
 * are, with the reason in `plan.unread`, and only the state's dismissals apply.
 */
export async function tidyThreads(
  ports: ReviewPorts,
  opts: {
    read: Promise<ThreadsRead>;
    root: string;
    head: string;
    findings: readonly Finding[];
    unanchored: readonly UnplacedFinding[];
    last: LastReview;
  },
): Promise<{ plan: ThreadPlan; kept: Finding[]; keptUnanchored: UnplacedFinding[] }> {
  const read = await opts.read;
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
  const facts = (self: string): ThreadFacts => ({
    self,
    findings: opts.findings,
    dismissedBefore: opts.last.state?.dismissed ?? [],
    isWriter,
    async quoteLines(path, quoted) {
      const hashes = await lines(path);
      if (hashes === "missing") return [];
      if (hashes === "unread") return undefined;
      return hashes.flatMap((hash, i) => (hash === quoted ? [i + 1] : []));
    },
    resolve: ports.settings.inline.resolveOutdated,
    record: (decision) => ports.journal.emit({ type: "review.thread", ...decision }),
  });
  let unread = Array.isArray(read) ? undefined : read.unread;
  let result;
  try {
    const threads = Array.isArray(read) ? read : [];
    result = await planThreads(threads, facts(threads.length > 0 ? await ports.selfLogin() : ""));
  } catch (error) {
    unread = errorText(error);
    result = await planThreads([], facts(""));
  }
  if (unread !== undefined) result.plan.unread = unread;
  const keptUnanchored = opts.unanchored.filter((f) => !result.leftOut(f));
  result.plan.suppressed += opts.unanchored.length - keptUnanchored.length;
  return { plan: result.plan, kept: result.kept, keptUnanchored };
}
