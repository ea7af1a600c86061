// The fix's run up to its publication: a real git repository, the real openai client against the
// loopback model, the agent's real edit tools. What would be committed is the publication.
import { afterEach, describe, expect, it } from "vitest";
import { runMode } from "../../src/modes/index.js";
import type { FixPlan } from "../../src/plan/plan.js";
import type { Outcome, Publication } from "../../src/outcome/outcome.js";
import { parseTrigger } from "../../src/trigger/parse-event.js";
import { sh } from "../support/git-fixture.js";
import { issueCommentPayload } from "../support/payloads.js";
import { asReview } from "../support/results.js";
import { call, reviewWorld, submit, type ReviewWorld } from "../support/review-world.js";

let world: ReviewWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

const BASE = { "src/app.ts": "export const answer = 41;\n" };
const HEAD = { "src/app.ts": "export const answer = 42;\nexport const other = 1;\n" };

const fixPlan = (what = "make the answer 43"): FixPlan => ({
  kind: "fix",
  pr: 7,
  task: what,
  trusted: true,
  request: { source: "comment", what },
  reason: "test",
});

async function fix(
  script: Parameters<typeof reviewWorld>[0]["script"],
  inputs: Record<string, string> = { "push-fixes": "true" },
  extra: Partial<Parameters<typeof reviewWorld>[0]> = {},
) {
  world = await reviewWorld({ baseFiles: BASE, headFiles: HEAD, script, inputs, ...extra });
  return asReview(await runMode(world.ports, fixPlan()));
}

const commitOf = (outcome: Outcome) =>
  outcome.publications.find(
    (p): p is Extract<Publication, { kind: "fix-commit" }> => p.kind === "fix-commit",
  );
const text = (bytes: Uint8Array | null | undefined) =>
  bytes ? Buffer.from(bytes).toString("utf8") : bytes;

const edit = (path: string, content: string) => call("write_file", { path, content });

describe("a fix's run", () => {
  it("proposes the agent's edit as one commit on the head it started from, not verified", async () => {
    const outcome = await fix([
      edit("src/app.ts", "export const answer = 43;\nexport const other = 1;\n"),
      submit("Made the answer 43."),
    ]);
    const tools = world!.model.requests[0]!.body.tools?.map((t) =>
      t.type === "function" ? t.function.name : "",
    );
    expect(tools).toEqual(expect.arrayContaining(["write_file", "apply_patch"]));
    const commit = commitOf(outcome);
    const head = world!.git.headSha;
    expect(commit?.proposal.parent).toBe(head);
    expect(commit?.proposal.changes.map((c) => [c.path, c.mode, text(c.content)])).toEqual([
      ["src/app.ts", "100644", "export const answer = 43;\nexport const other = 1;\n"],
    ]);
    expect(commit?.proposal.message).toMatch(/^rivumi fix: make the answer 43\n/);
    expect(commit?.proposal.message).toContain("Not verified: no verify-command is set.");
    expect(outcome.publications.map((p) => p.kind)).toEqual(["fix-commit"]);
    const report = outcome.result.fix;
    expect(report?.held).toEqual([]);
    expect(report?.files).toEqual([{ path: "src/app.ts", status: "M", added: 1, removed: 1 }]);
    expect(report?.verification).toBeUndefined();
    const changes = world!.journal.events.find((e) => e.type === "fix.changes");
    expect(changes).toMatchObject({ files: [{ path: "src/app.ts" }] });
    expect(JSON.stringify(changes)).toContain("+export const answer = 43;");
  });

  it("runs as a task without edit tools when push-fixes is false, and says nothing was pushed", async () => {
    const outcome = await fix([submit("Change line 1 of src/app.ts to 43.")], {});
    const tools = world!.model.requests[0]!.body.tools?.map((t) =>
      t.type === "function" ? t.function.name : "",
    );
    expect(tools).not.toContain("write_file");
    expect(commitOf(outcome)).toBeUndefined();
    expect(outcome.publications.map((p) => p.kind)).toEqual(["sticky-comment"]);
    expect(outcome.result.fix?.held).toEqual([
      expect.objectContaining({ reason: "push-off", text: expect.stringContaining("push-fixes") }),
    ]);
  });

  it("commits nothing when one file is under .github/, names it and keeps the patch for the reply", async () => {
    const outcome = await fix([
      edit("src/app.ts", "export const answer = 43;\n"),
      edit(".github/workflows/ci.yml", "on: push\n"),
      submit("Fixed, and the workflow too."),
    ]);
    expect(commitOf(outcome)).toBeUndefined();
    expect(outcome.result.fix?.held).toEqual([
      expect.objectContaining({ reason: "workflow", files: [".github/workflows/ci.yml"] }),
    ]);
    expect(outcome.result.fix?.patch?.inline).toContain("+on: push");
    const held = world!.journal.events.filter((e) => e.type === "fix.held");
    expect(held).toEqual([expect.objectContaining({ reason: "workflow" })]);
  });

  it("commits nothing from a fork's pull request", async () => {
    const outcome = await fix(
      [edit("src/app.ts", "export const answer = 43;\n"), submit("Done.")],
      { "push-fixes": "true" },
      { fork: true },
    );
    expect(commitOf(outcome)).toBeUndefined();
    expect(outcome.result.fix?.held.map((h) => h.reason)).toEqual(["fork"]);
  });

  it("never commits a file that holds one of the run's secrets", async () => {
    const secret = "ghs_fixWorldSecret0123456789abcdefABCD";
    const outcome = await fix(
      [edit("src/key.ts", `export const key = "${secret}";\n`), submit("Added the key.")],
      { "push-fixes": "true" },
      { redact: (t) => t.split(secret).join("***") },
    );
    expect(commitOf(outcome)).toBeUndefined();
    expect(outcome.result.fix?.held).toEqual([
      expect.objectContaining({ reason: "secret", files: ["src/key.ts"] }),
    ]);
    // Nor is the patch that holds it quoted or uploaded.
    expect(outcome.result.fix?.patch).toBeUndefined();
    expect(outcome.attachments).toEqual([]);
  });

  it("holds the line limit: over max-fix-lines, nothing is committed", async () => {
    const many = Array.from({ length: 12 }, (_, i) => `export const v${i} = ${i};`).join("\n");
    const outcome = await fix([edit("src/many.ts", `${many}\n`), submit("Added values.")], {
      "push-fixes": "true",
      "max-fix-lines": "10",
    });
    expect(commitOf(outcome)).toBeUndefined();
    expect(outcome.result.fix?.held.map((h) => h.text)).toEqual([
      "12 lines changed, more than max-fix-lines (10)",
    ]);
  });

  it("commits nothing when the agent changed nothing", async () => {
    const outcome = await fix([submit("Nothing to change: the answer is already right.")]);
    expect(commitOf(outcome)).toBeUndefined();
    expect(outcome.result.fix?.held.map((h) => h.reason)).toEqual(["no-changes"]);
  });

  it("verifies with the verify command and commits only when it passes, quoting its last lines", async () => {
    const passing = await fix(
      [edit("src/app.ts", "export const answer = 43;\n"), submit("Made it 43.")],
      {
        "push-fixes": "true",
        "verify-command": "grep -q 'answer = 43' src/app.ts && echo all tests passed",
      },
    );
    expect(passing.result.fix?.verification).toMatchObject({ kind: "passed", exitCode: 0 });
    expect(passing.result.fix?.verification?.tail).toContain("all tests passed");
    expect(commitOf(passing)?.proposal.message).toContain(
      "Verified: `grep -q 'answer = 43' src/app.ts && echo all tests passed` passed.",
    );
    await world?.close();
    const failing = await fix(
      [edit("src/app.ts", "export const answer = 44;\n"), submit("Made it 44.")],
      {
        "push-fixes": "true",
        "verify-command": "echo 'expected 43, got 44' >&2; exit 3",
      },
    );
    expect(commitOf(failing)).toBeUndefined();
    expect(failing.result.fix?.verification).toMatchObject({ kind: "failed", exitCode: 3 });
    expect(failing.result.fix?.verification?.tail).toContain("expected 43, got 44");
    expect(failing.result.fix?.held.map((h) => h.reason)).toEqual(["verify"]);
    expect(world!.journal.events.find((e) => e.type === "fix.verify")).toMatchObject({
      kind: "failed",
    });
  });

  it("verifies the files that would be committed, not ones git ignores", async () => {
    const outcome = await fix(
      [
        edit(".gitignore", "gen/\n"),
        edit("gen/answer.ts", "export const generated = 43;\n"),
        edit("src/app.ts", 'export { generated as answer } from "../gen/answer";\n'),
        submit("Made it 43 through a generated file."),
      ],
      { "push-fixes": "true", "verify-command": "test -f gen/answer.ts" },
    );
    expect(outcome.result.fix?.files.map((f) => f.path).sort()).toEqual([
      ".gitignore",
      "src/app.ts",
    ]);
    expect(outcome.result.fix?.verification).toMatchObject({ kind: "failed", exitCode: 1 });
    expect(commitOf(outcome)).toBeUndefined();
  });

  it("commits once per comment: a re-run of the job finds its trailer on the branch and holds", async () => {
    world = await reviewWorld({
      baseFiles: BASE,
      headFiles: HEAD,
      script: [
        edit("src/app.ts", "export const answer = 43;\n"),
        submit("Made it 43."),
        edit("src/app.ts", "export const answer = 44;\n"),
        submit("Made it 44."),
      ],
      inputs: { "push-fixes": "true" },
    });
    const trigger = parseTrigger(
      "issue_comment",
      issueCommentPayload({
        owner: "acme",
        repo: "widgets",
        number: 7,
        body: "/rivumi fix make the answer 43",
        commenter: "alice",
        onPullRequest: true,
        commentId: 555,
      }),
    );
    const ports = { ...world.ports, trigger };
    const first = asReview(await runMode(ports, fixPlan()));
    const message = commitOf(first)?.proposal.message ?? "";
    expect(message).toContain("Rivumi-Fix-Comment: 555");
    // The commit landed on the branch (here: made in the repository the world works in).
    await sh(world.root, "commit", "-q", "-am", message);
    const again = asReview(await runMode(ports, fixPlan()));
    expect(commitOf(again)).toBeUndefined();
    expect(again.result.fix?.held.map((h) => h.reason)).toEqual(["rerun"]);
  });
});
