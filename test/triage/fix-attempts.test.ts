import { describe, expect, it } from "vitest";
import {
  addFixAttempt,
  decideFixAttempt,
  fixAttemptsIn,
  fixesFailure,
  fixOffer,
  type FixAttemptRow,
} from "../../src/triage/fix-attempts.js";
import { mergeHistory, parseHistory } from "../../src/triage/history.js";

const SIG = "0123456789abcdef";
const row = (over: Partial<FixAttemptRow> = {}): FixAttemptRow => ({
  v: 1,
  fix: "attempt",
  signature: SIG,
  pr: 5,
  run: 100,
  head: "a".repeat(40),
  attempt: 1,
  at: new Date().toISOString(),
  ...over,
});
const failure = { signature: SIG, pr: 5, run: 101, head: "a".repeat(40) };

describe("fix attempts", () => {
  it("allows the first, then counts per pull request and signature up to the limit", () => {
    expect(decideFixAttempt([], failure, 2)).toEqual({ go: true, attempt: 1 });
    expect(decideFixAttempt([row()], failure, 2)).toEqual({ go: true, attempt: 2 });
    expect(
      decideFixAttempt([row(), row({ run: 102, attempt: 2 })], { ...failure, run: 103 }, 2),
    ).toMatchObject({ go: false, reason: "attempts" });
    // Another pull request's or another failure's attempts do not count.
    expect(
      decideFixAttempt([row({ pr: 6 }), row({ signature: "f".repeat(16) })], failure, 1),
    ).toEqual({ go: true, attempt: 1 });
  });

  it("never starts a second fix for the same run, nor after the failure came back on a fix's commit", () => {
    expect(decideFixAttempt([row({ run: 101 })], failure, 5)).toMatchObject({ reason: "rerun" });
    expect(decideFixAttempt([row()], { ...failure, head: "b".repeat(40) }, 5, true)).toMatchObject({
      reason: "after-fix",
    });
    // A new head of a person's, after an attempt that committed nothing, may be tried again.
    expect(decideFixAttempt([row()], { ...failure, head: "b".repeat(40) }, 5)).toEqual({
      go: true,
      attempt: 2,
    });
  });

  it("tells a fix's commit for this failure by its trailer line", () => {
    const message = `rivumi fix: failed run 7\n\nNot verified.\n\nRivumi-Fix-Run: 7\nRivumi-Fix-Signature: ${SIG}\nRivumi-Fix-Attempt: 1 of 2`;
    expect(fixesFailure(message, SIG)).toBe(true);
    expect(fixesFailure(message, "f".repeat(16))).toBe(false);
    expect(fixesFailure(`Quoting: Rivumi-Fix-Signature: ${SIG} in prose`, SIG)).toBe(false);
  });

  it("adds a row only when the decision allows it, and the triage's history keeps such rows", () => {
    const now = new Date();
    const added = addFixAttempt("", (rows) => (rows.length === 0 ? row() : undefined), now, 30)!;
    expect(fixAttemptsIn(added)).toEqual([expect.objectContaining({ run: 100, attempt: 1 })]);
    expect(addFixAttempt(added, () => undefined, now, 30)).toBeUndefined();
    // The failures' merge keeps a fix row, and the failures' parse does not count it as skipped.
    expect(parseHistory(added)).toEqual({ rows: [], skipped: 0 });
    const merged = mergeHistory(added + "not a row\n", { add: [], passes: [], now });
    expect(fixAttemptsIn(merged ?? "")).toHaveLength(1);
    // Past the window it goes.
    const later = new Date(now.getTime() + 31 * 24 * 3600 * 1000);
    expect(fixAttemptsIn(mergeHistory(added, { add: [], passes: [], now: later }) ?? "")).toEqual(
      [],
    );
  });

  it("offers a command naming the job, the step, the place and the first line, on one line", () => {
    const offer = fixOffer({
      job: "test",
      step: "Run `npm test`",
      lines: ["", "FAIL src/a.test.ts\nnext"],
      location: { file: "src/a.ts", line: 3 },
    });
    expect(offer).toBe(
      '/rivumi fix the failure of job "test" in step "Run  npm test " (src/a.ts:3): FAIL src/a.test.ts next',
    );
    expect(offer).not.toMatch(/[\n`]/);
  });
});
