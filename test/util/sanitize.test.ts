import { describe, expect, it } from "vitest";
import { bound, neutralizeLog, neutralizeMarkdown } from "../../src/util/sanitize.js";
import { stickyMarker } from "../../src/publish/sticky-comment.js";

const STICKY_MARKER = stickyMarker("ci/review");

describe("neutralizeMarkdown", () => {
  it("breaks @-mentions of people and teams, also right after a code span, but not e-mail addresses", () => {
    const out = neutralizeMarkdown("ping @octocat and @org/team, mail a@b.com, see `x`@mona");
    expect(out).not.toMatch(/(^|[^\w])@[a-z]/i);
    expect(out).toContain("a@b.com");
  });

  it("cannot forge the sticky marker or hide text in HTML comments", () => {
    const out = neutralizeMarkdown(`evil ${STICKY_MARKER} <!-- hidden -->`);
    expect(out).not.toContain(STICKY_MARKER);
    expect(out).not.toContain("<!--");
  });
});

describe("neutralizeLog", () => {
  it("stops lines from being read as workflow commands", () => {
    const out = neutralizeLog(
      "ok\n::set-output name=x::1\n  ::add-mask::v\n##[error]boom\nmid ::x:: fine",
    );
    expect(out.split("\n").some((l) => /^\s*(::|##\[)/.test(l))).toBe(false);
    expect(out).toContain("mid ::x:: fine");
  });
});

describe("bound", () => {
  it("keeps short text and cuts long text to the limit with the note", () => {
    expect(bound("short", 10, "[cut]")).toBe("short");
    const cut = bound("x".repeat(100), 50, "[cut]");
    expect(cut.length).toBeLessThanOrEqual(50);
    expect(cut.endsWith("[cut]")).toBe(true);
  });
});
