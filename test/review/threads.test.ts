import { describe, expect, it } from "vitest";
import type { ReviewThread, ReviewThreadComment } from "../../src/github/port.js";
import type { Finding } from "../../src/outcome/review.js";
import { dismissalKey, quoteHash } from "../../src/review/state.js";
import {
  claimsFixed,
  dismisses,
  findingMarker,
  ownThreads,
  planThreads,
  type ThreadDecision,
  type ThreadFacts,
} from "../../src/review/threads.js";

const SELF = "rivumi-app[bot]";
const QUOTE = "const total = a - b;";

const finding = (over: Partial<Finding> = {}): Finding => ({
  path: "src/calc.ts",
  line: 12,
  severity: "major",
  title: "Subtracts instead of adding",
  body: "The total should be the sum.",
  quote: QUOTE,
  ...over,
});

let ids = 0;
const comment = (author: string, body: string, over: Partial<ReviewThreadComment> = {}) => ({
  id: ++ids,
  author,
  body,
  createdAt: "2026-12-01T10:00:00Z",
  viewerDidAuthor: undefined,
  thumbsDown: [],
  ...over,
});

/** A thread Rivumi started on `f`, as GitHub's GraphQL gives it (a bot's login without `[bot]`). */
function thread(f: Finding, over: Partial<ReviewThread> = {}, replies: ReviewThreadComment[] = []) {
  const first = comment("rivumi-app", `**major** · ${f.title}\n\nBody.\n${findingMarker(f)}`);
  return {
    id: `T_${++ids}`,
    isResolved: false,
    isOutdated: true,
    path: f.path,
    line: f.line,
    originalLine: f.line,
    resolvedBy: undefined,
    comments: [first, ...replies],
    ...over,
  } satisfies ReviewThread;
}

/** The new head: `lines` per path (1-based), or the file is gone. */
function facts(
  over: Partial<ThreadFacts> & { head?: Record<string, string[]>; writers?: string[] } = {},
) {
  const decisions: ThreadDecision[] = [];
  const head = over.head ?? { "src/calc.ts": Array.from({ length: 30 }, (_, i) => `line ${i}`) };
  const writers = new Set((over.writers ?? ["alice"]).map((w) => w.toLowerCase()));
  const f: ThreadFacts = {
    self: SELF,
    findings: [],
    dismissedBefore: [],
    isWriter: (login) => Promise.resolve(writers.has(login.toLowerCase())),
    quoteLines: (path, quoted) =>
      Promise.resolve(
        (head[path] ?? []).flatMap((text, i) => (quoteHash(text) === quoted ? [i + 1] : [])),
      ),
    resolve: true,
    record: (d) => decisions.push(d),
    ...over,
  };
  return { facts: f, decisions };
}

const stillThere = () => {
  const lines = Array.from({ length: 30 }, (_, i) => `line ${i}`);
  lines[11] = QUOTE;
  return { "src/calc.ts": lines };
};

describe("Rivumi's review threads", () => {
  it("knows its own threads by the marker and its identity, not a copy in someone else's", () => {
    const f = finding();
    const own = thread(f);
    const forged = thread(f, {}, []);
    forged.comments[0] = { ...forged.comments[0]!, author: "mallory" };
    const unmarked = thread(f);
    unmarked.comments[0] = { ...unmarked.comments[0]!, body: "no marker" };
    expect(ownThreads([own, forged, unmarked], SELF).map((t) => t.thread.id)).toEqual([own.id]);
  });

  it("resolves an outdated thread whose quoted line is gone, and nothing else", async () => {
    const f = finding();
    const fixed = thread(f);
    const replied = thread(f, {}, [comment("bob", "Why is this wrong?")]);
    const current = thread(f, { isOutdated: false });
    const { facts: given, decisions } = facts();
    const { plan } = await planThreads([fixed, replied, current], given);
    expect(plan.resolve.map((t) => t.id)).toEqual([fixed.id]);
    expect(decisions.map((d) => [d.decision, d.reason])).toEqual([
      ["resolve", expect.stringMatching(/quoted line is gone/)],
      ["keep", "a person replied"],
      ["keep", "GitHub does not mark it outdated"],
    ]);
  });

  it("keeps an outdated thread whose line is still there, or that a finding of this review is on", async () => {
    const f = finding();
    const here = await planThreads([thread(f)], facts({ head: stillThere() }).facts);
    expect(here.plan.resolve).toEqual([]);
    const moved = await planThreads(
      [thread(f)],
      facts({ findings: [finding({ line: 12 })] }).facts,
    );
    expect(moved.plan.resolve).toEqual([]);
    const off = await planThreads([thread(f)], facts({ resolve: false }).facts);
    expect(off.plan.resolve).toEqual([]);
  });

  it("learns a dismissal from a writer only: resolved by them, 👎, or a won't-fix reply", async () => {
    const f = finding();
    const byAlice = thread(f, { isResolved: true, resolvedBy: "alice" });
    const byStranger = thread(finding({ quote: "x = 1" }), { isResolved: true, resolvedBy: "eve" });
    const thumbs = thread(finding({ path: "src/a.ts" }));
    thumbs.comments[0] = { ...thumbs.comments[0]!, thumbsDown: ["eve", "alice"] };
    const wontFix = thread(finding({ path: "src/b.ts" }), {}, [
      comment("alice", "Won’t fix: this is intended."),
    ]);
    const strangerSays = thread(finding({ path: "src/c.ts" }), {}, [
      comment("eve", "false positive"),
    ]);
    const { facts: given, decisions } = facts();
    const { plan } = await planThreads([byAlice, byStranger, thumbs, wontFix, strangerSays], given);
    expect(plan.dismissed).toEqual([
      dismissalKey("src/calc.ts", quoteHash(QUOTE)),
      dismissalKey("src/a.ts", quoteHash(QUOTE)),
      dismissalKey("src/b.ts", quoteHash(QUOTE)),
    ]);
    expect(decisions.filter((d) => d.decision === "dismissed").map((d) => d.reason)).toEqual([
      "resolved by @alice",
      "👎 from @alice",
      "@alice replied that it is not to be fixed",
    ]);
    // A thread a person resolved is never resolved, reopened or answered again.
    expect(plan.resolve.map((t) => t.id)).not.toContain(byStranger.id);
  });

  it("leaves out a later finding on a dismissed line, whatever its severity and wording", async () => {
    const key = dismissalKey("src/calc.ts", quoteHash(QUOTE));
    const later = [
      finding({ severity: "critical", title: "Reworded", quote: `  ${QUOTE}  ` }),
      finding({ path: "src/other.ts" }),
    ];
    const { plan, kept } = await planThreads(
      [],
      facts({ findings: later, dismissedBefore: [key] }).facts,
    );
    expect(kept).toEqual([later[1]]);
    expect(plan.suppressed).toBe(1);
  });

  it("answers a false 'fixed' claim once, pointing at the line", async () => {
    const f = finding();
    const claimed = thread(f, {}, [comment("alice", "Fixed in the last commit.")]);
    // Only a writer's claim is answered: anyone can reply on a public pull request.
    const stranger = await planThreads(
      [thread(f, {}, [comment("bob", "Fixed.")])],
      facts({ head: stillThere() }).facts,
    );
    expect(stranger.plan.replies).toEqual([]);
    const first = await planThreads([claimed], facts({ head: stillThere() }).facts);
    expect(first.plan.replies).toEqual([
      {
        commentId: claimed.comments[0]!.id,
        body: expect.stringContaining("`src/calc.ts` line 12"),
      },
    ]);
    expect(first.plan.resolve).toEqual([]);
    // Rivumi's reply is in the thread now: the next push does not answer again.
    claimed.comments.push(comment("rivumi-app", first.plan.replies[0]!.body));
    const again = await planThreads([claimed], facts({ head: stillThere() }).facts);
    expect(again.plan.replies).toEqual([]);
  });

  it("matches dismissals and fixed claims by a few phrases, with negations", () => {
    expect(dismisses("This is by design.")).toBe(true);
    expect(dismisses("wontfix")).toBe(true);
    expect(dismisses("I will fix it tomorrow")).toBe(false);
    expect(claimsFixed("Done, thanks")).toBe(true);
    expect(claimsFixed("not fixed yet")).toBe(false);
    expect(claimsFixed("This hasn't been addressed")).toBe(false);
    expect(claimsFixed("Addressed in 1a2b3c4")).toBe(true);
    expect(claimsFixed("Will be addressed in a follow-up")).toBe(false);
    expect(claimsFixed("What should be done here?")).toBe(false);
    expect(dismisses("This was not intended, good catch")).toBe(false);
    expect(dismisses("Is this intended?")).toBe(false);
    expect(dismisses("Good catch, this is not by design")).toBe(false);
    expect(dismisses("not intentional")).toBe(false);
    expect(dismisses("Works as intended.")).toBe(true);
    expect(dismisses("This is not a bug")).toBe(true);
  });
});
