import { describe, expect, it } from "vitest";
import { decideFix } from "../../src/fix/policy.js";
import type { ChangedFile } from "../../src/workspace/changes.js";

const LIMITS = { maxFiles: 20, maxLines: 500 };
const ID = "a".repeat(40);

function file(path: string, over: Partial<ChangedFile> = {}): ChangedFile {
  return {
    path,
    status: "M",
    oldMode: "100644",
    newMode: "100644",
    blob: ID,
    added: 1,
    removed: 1,
    ...over,
  };
}

describe("decideFix", () => {
  it("turns edits, new files, deletions and renames into tree entries", () => {
    const decision = decideFix(
      [
        file("src/a.ts"),
        file("bin/run.sh", { status: "A", oldMode: "000000", newMode: "100755", removed: 0 }),
        file("old.ts", { status: "D", newMode: "000000", blob: "0".repeat(40), added: 0 }),
        file("src/new.ts", { status: "R", from: "src/was.ts" }),
      ],
      LIMITS,
    );
    expect(decision).toEqual({
      ok: true,
      files: 4,
      lines: 6,
      entries: [
        { path: "src/a.ts", mode: "100644", blob: ID },
        { path: "bin/run.sh", mode: "100755", blob: ID },
        { path: "old.ts", mode: "100644", blob: null },
        { path: "src/was.ts", mode: "100644", blob: null },
        { path: "src/new.ts", mode: "100644", blob: ID },
      ],
    });
  });

  it("refuses the whole commit for one file under .github/, in any case, and names it", () => {
    const decision = decideFix(
      [file("src/a.ts"), file(".GitHub/workflows/ci.yml"), file("docs/.github-notes.md")],
      LIMITS,
    );
    expect(decision.ok).toBe(false);
    if (decision.ok) return;
    expect(decision.refusals).toEqual([
      expect.objectContaining({ reason: "workflow", files: [".GitHub/workflows/ci.yml"] }),
    ]);
  });

  it("refuses a rename out of .github/ too", () => {
    const decision = decideFix(
      [file("ci.yml", { status: "R", from: ".github/workflows/ci.yml" })],
      LIMITS,
    );
    expect(decision.ok).toBe(false);
  });

  it("refuses .gitmodules, submodules, symlinks, binaries and mode changes, each on its own line", () => {
    const decision = decideFix(
      [
        file("vendor/.gitmodules"),
        file("vendor/lib", { oldMode: "160000", newMode: "160000" }),
        file("link", { status: "T", newMode: "120000" }),
        file("logo.png", { added: undefined, removed: undefined }),
        file("run.sh", { newMode: "100755" }),
      ],
      LIMITS,
    );
    expect(decision.ok ? [] : decision.refusals.map((r) => [r.reason, r.files])).toEqual([
      ["gitmodules", ["vendor/.gitmodules"]],
      ["submodule", ["vendor/lib"]],
      ["symlink", ["link"]],
      ["binary", ["logo.png"]],
      ["mode", ["run.sh"]],
    ]);
  });

  it("refuses a path git could not give as UTF-8 (it would commit another file)", () => {
    const decision = decideFix([file("caf\uFFFD.txt")], LIMITS);
    expect(decision.ok ? [] : decision.refusals.map((r) => r.reason)).toEqual(["path"]);
  });

  it("allows deleting a binary file", () => {
    const gone = file("logo.png", {
      status: "D",
      newMode: "000000",
      added: undefined,
      removed: undefined,
    });
    expect(decideFix([gone], LIMITS)).toMatchObject({ ok: true, entries: [{ blob: null }] });
  });

  it("holds the file and line limits: at the limit passes, one over refuses", () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => file(`f${i}.ts`));
    expect(decideFix(many(3), { maxFiles: 3, maxLines: 6 }).ok).toBe(true);
    const over = decideFix(many(4), { maxFiles: 3, maxLines: 6 });
    expect(over.ok ? [] : over.refusals.map((r) => r.text)).toEqual([
      "4 files changed, more than max-fix-files (3)",
      "8 lines changed, more than max-fix-lines (6)",
    ]);
  });
});

describe("a fix's commit message", () => {
  it("says what was asked once, whether it was verified, and for a CI fix names the run and attempt", async () => {
    const { commitMessage } = await import("../../src/fix/message.js");
    const short = commitMessage(
      { source: "comment", what: "make the answer 43" },
      undefined,
      undefined,
    );
    expect(short).toBe("rivumi fix: make the answer 43\n\nNot verified: no verify-command is set.");
    const long =
      "fix the retry loop that never stops when the server answers 429 with no Retry-After header";
    const cut = commitMessage({ source: "comment", what: long }, undefined, undefined);
    expect(cut.split("\n")[0]!.length).toBeLessThanOrEqual(72);
    expect(cut).toContain(`\n\n${long}\n\n`);
    const ci = commitMessage(
      {
        source: "ci",
        what: "evidence",
        runId: 42,
        headSha: "a".repeat(40),
        signature: "0123456789abcdef",
      },
      { command: "npm test", kind: "passed" },
      { runId: 42, signature: "0123456789abcdef", number: 1, max: 2 },
    );
    expect(ci).toContain("Verified: `npm test` passed.");
    expect(ci).toMatch(
      /Rivumi-Fix-Run: 42\nRivumi-Fix-Signature: 0123456789abcdef\nRivumi-Fix-Attempt: 1 of 2$/,
    );
  });
});
