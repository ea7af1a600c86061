// What a review does with Rivumi's own review threads, decided by the code from what GitHub and
// git say, never by a model: resolve a thread whose code was fixed, learn a finding a person
// dismissed (so it is never posted again), and answer once a "fixed" claim whose quoted line is
// still there. Thread text is untrusted: it is only matched against a few fixed phrases here.
import type { ReviewThread, ReviewThreadComment } from "../github/port.js";
import type { ReviewResult } from "../outcome/results.js";
import type { DismissedFinding, Finding, ThreadPlan } from "../outcome/review.js";
import { dismissalKey, fingerprint, quoteHash } from "./state.js";

const MARKER = /^<!-- rivumi:finding ([0-9a-f]{16}) ([0-9a-f]{16}|-) -->$/;
/** Marks Rivumi's one reply to a "fixed" claim, so a thread gets it once. */
const STILL_THERE = "<!-- rivumi:still-there -->";

/** The hidden last line of an inline comment: the finding's fingerprint and its quote's hash. */
export function findingMarker(finding: Finding): string {
  const quoted = finding.quote?.trim() ? quoteHash(finding.quote) : "-";
  return `<!-- rivumi:finding ${fingerprint(finding)} ${quoted} -->`;
}

/** A bot's login as GraphQL gives it (without `[bot]`), lower case, for comparing identities. */
export const identity = (login: string) => login.toLowerCase().replace(/\[bot\]$/, "");

/** One of Rivumi's threads: its first comment carries the marker and Rivumi's identity wrote it. */
export interface OwnThread {
  thread: ReviewThread;
  fingerprint: string;
  /** The quoted line's hash; undefined when the finding quoted nothing. */
  quoted: string | undefined;
}

export function ownThreads(threads: readonly ReviewThread[], self: string): OwnThread[] {
  const me = identity(self);
  const out: OwnThread[] = [];
  for (const thread of threads) {
    const first = thread.comments[0];
    if (!first) continue;
    const mine = first.viewerDidAuthor ?? identity(first.author) === me;
    // Anyone can paste a marker; only a comment Rivumi's own identity wrote counts.
    if (!mine || identity(first.author) !== me) continue;
    const last = first.body.trimEnd().split("\n").at(-1)?.trim() ?? "";
    const m = MARKER.exec(last);
    if (!m) continue;
    out.push({ thread, fingerprint: m[1]!, quoted: m[2] === "-" ? undefined : m[2] });
  }
  return out;
}

/** A reply that dismisses a finding: a few fixed phrases, not a model's reading. */
const DISMISS =
  /\b(won['’]?t fix|wont ?fix|will not fix|not going to fix|by design|false positive|(working |works )?as intended|intentional(ly)?|not a bug|not an issue|working as expected)\b/i;
/** A reply that says the finding was fixed. */
const FIXED = /\b(fixed|done|addressed|resolved)\b/i;
/**
 * A negation or a promise just before a phrase turns it around ("not by design", "hasn't been
 * fixed", "will be addressed").
 */
const NEGATED =
  /\b(not|never|no|isn['’]?t|wasn['’]?t|hasn['’]?t|haven['’]?t|aren['’]?t|will|would|should|going to|to|needs?|must)\s+(\w+\s+){0,2}$/i;

/** Whether `rx` matches `text` as a statement: not in a question, not negated just before. */
function says(rx: RegExp, text: string): boolean {
  const t = text.trim();
  if (t.endsWith("?")) return false;
  const m = rx.exec(t);
  return m !== null && !NEGATED.test(t.slice(Math.max(0, m.index - 40), m.index));
}

export const dismisses = (text: string) => says(DISMISS, text);
export const claimsFixed = (text: string) => says(FIXED, text);

/** What the decisions need to know besides the threads. */
export interface ThreadFacts {
  self: string;
  /** This review's findings: a thread on a line one of them covers is not resolved. */
  findings: readonly Finding[];
  /** Dismissals the state already holds. */
  dismissedBefore: readonly DismissedFinding[];
  /** Whether a person may write to the repository (collaborator permission), asked once each. */
  isWriter(login: string): Promise<boolean>;
  /**
   * The 1-based lines of `path` at the new head whose hash is `quoted` (none when the file is gone);
   * undefined when the file cannot be read.
   */
  quoteLines(path: string, quoted: string): Promise<number[] | undefined>;
  /** Resolve fixed threads (input `resolve-outdated-threads`). */
  resolve: boolean;
  /** Each decision, with its reason, for the journal. */
  record(decision: ThreadDecision): void;
}

export interface ThreadDecision {
  thread: string;
  path: string;
  line: number | null;
  decision: "resolve" | "dismissed" | "reply" | "keep";
  reason: string;
}

/**
 * Decides what to do with each of Rivumi's threads, and which of this review's findings people
 * dismissed before. Never reopens or answers a thread a person resolved, never resolves one a
 * person replied to, never touches a thread that is not Rivumi's.
 */
export async function planThreads(
  threads: readonly ReviewThread[],
  facts: ThreadFacts,
): Promise<{ plan: ThreadPlan; kept: Finding[]; leftOut: (f: Finding) => boolean }> {
  const me = identity(facts.self);
  const isSelf = (login: string) => identity(login) === me;
  // Where GitHub says who wrote a comment, that is what counts, not a login that looks like ours.
  const byRivumi = (c: ReviewThreadComment) => c.viewerDidAuthor ?? isSelf(c.author);
  const dismissed = new Set(facts.dismissedBefore);
  const plan: ThreadPlan = { resolve: [], replies: [], dismissed: [], suppressed: 0 };
  for (const own of ownThreads(threads, facts.self)) {
    const { thread } = own;
    const say = (decision: ThreadDecision["decision"], reason: string) =>
      facts.record({ thread: thread.id, path: thread.path, line: thread.line, decision, reason });
    const people = thread.comments.slice(1).filter((c) => !byRivumi(c));
    const why = await dismissal(thread, people, facts, isSelf);
    if (why) {
      if (own.quoted === undefined) {
        say("keep", `${why}, but the finding quoted no line to know it again by`);
        continue;
      }
      const key = dismissalKey(thread.path, own.quoted);
      if (!dismissed.has(key)) plan.dismissed.push(key);
      dismissed.add(key);
      say("dismissed", why);
      continue;
    }
    if (thread.isResolved) continue;
    const here = await stillThere(own, facts);
    const claim = people.find((c) => claimsFixed(c.body));
    // Answered only where the line is unmistakable: one line of the file carries the quote.
    if (claim && here?.length === 1 && (await facts.isWriter(claim.author))) {
      const answered = thread.comments.some((c) => byRivumi(c) && c.body.includes(STILL_THERE));
      if (!answered) {
        plan.replies.push({
          commentId: thread.comments[0]!.id,
          body: `The quoted line is still at \`${codeSpan(thread.path)}\` line ${here[0]}: this finding still applies there.\n${STILL_THERE}`,
        });
        say("reply", `@${claim.author} said it was fixed, but the quoted line is still there`);
      } else say("keep", "the quoted line is still there, as Rivumi already answered");
      continue;
    }
    const keep = keepReason(own, people, here, facts);
    if (keep) {
      say("keep", keep);
      continue;
    }
    plan.resolve.push({ id: thread.id, path: thread.path, line: thread.line });
    say("resolve", "outdated, its quoted line is gone from the file, no reply, no new finding");
  }
  const leftOut = (f: Finding) =>
    Boolean(f.quote?.trim() && dismissed.has(dismissalKey(f.path, quoteHash(f.quote))));
  const kept = facts.findings.filter((f) => !leftOut(f));
  plan.suppressed = facts.findings.length - kept.length;
  return { plan, kept, leftOut };
}

/** Why a person with write permission dismissed the thread's finding, if one did. */
async function dismissal(
  thread: ReviewThread,
  people: readonly ReviewThreadComment[],
  facts: ThreadFacts,
  isSelf: (login: string) => boolean,
): Promise<string | undefined> {
  if (thread.isResolved && thread.resolvedBy && !isSelf(thread.resolvedBy))
    if (await facts.isWriter(thread.resolvedBy)) return `resolved by @${thread.resolvedBy}`;
  for (const login of thread.comments[0]!.thumbsDown)
    if (!isSelf(login) && (await facts.isWriter(login))) return `👎 from @${login}`;
  for (const c of people)
    if (dismisses(c.body) && (await facts.isWriter(c.author)))
      return `@${c.author} replied that it is not to be fixed`;
  return undefined;
}

/**
 * The lines of the thread's file at the new head that carry the quoted line (none when it is gone,
 * or the file is); undefined when that cannot be told. GitHub gives an outdated thread no line, so
 * the whole file is looked at: a thread is resolved only when the quote is nowhere in it.
 */
async function stillThere(own: OwnThread, facts: ThreadFacts): Promise<number[] | undefined> {
  if (own.quoted === undefined) return undefined;
  return facts.quoteLines(own.thread.path, own.quoted);
}

/** Why a thread stays open; undefined when it is to be resolved. */
function keepReason(
  own: OwnThread,
  people: readonly ReviewThreadComment[],
  here: number[] | undefined,
  facts: ThreadFacts,
): string | undefined {
  const { thread } = own;
  if (!facts.resolve) return "resolve-outdated-threads is false";
  if (!thread.isOutdated) return "GitHub does not mark it outdated";
  if (people.length > 0) return "a person replied";
  if (own.quoted === undefined) return "the finding quoted no line to check";
  if (here === undefined) return "its file could not be read at the new head";
  if (here.length > 0) return `its quoted line is still in the file (line ${here.join(", ")})`;
  const line = thread.line ?? thread.originalLine;
  const onIt = facts.findings.some(
    (f) =>
      fingerprint(f) === own.fingerprint ||
      (f.path === thread.path &&
        line !== null &&
        (f.start_line ?? f.line) <= line &&
        line <= f.line),
  );
  return onIt ? "a finding of this review is on it" : undefined;
}

/** A path inside a code span, where nothing is a mention or a link; it cannot close the span. */
const codeSpan = (path: string) => path.replace(/[`\r\n]+/g, "'");

/** What the review's result says of the dismissals: learned now, and findings left out. */
export function dismissedOf(plan: ThreadPlan): NonNullable<ReviewResult["dismissed"]> {
  return {
    learned: plan.dismissed.length,
    suppressed: plan.suppressed,
    ...(plan.unread ? { threadsUnread: plan.unread } : {}),
  };
}
