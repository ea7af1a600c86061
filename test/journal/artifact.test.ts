// The bundled action's artifact, end to end: the journal, its page and the recorded requests are
// uploaded together, the page says where each finding went, and the comment links the artifact.
import { afterEach, describe, expect, it } from "vitest";
import { createActionWorld, FULL, PR, type ActionWorld } from "../support/action-world.js";
import { isReviewChild } from "../support/model-server.js";

const TOKEN = "ghs_artifactTestToken0123456789ABCDEFabcd";

let world: ActionWorld | undefined;
afterEach(async () => {
  world?.github.assertNoViolations();
  await world?.close();
  world = undefined;
});

const ARTIFACT = "rivumi-journal-review-1";
const jsonl = (text: string) =>
  text
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe("the journal in the artifact", () => {
  it("uploads journal, page and requests; the page places each finding; the comment links them", async () => {
    world = await createActionWorld({
      token: TOKEN,
      script: [
        { toolCalls: [{ name: "read_file", arguments: { path: `src/app.ts#${TOKEN}` } }] },
        {
          toolCalls: [
            {
              name: "submit_review",
              arguments: {
                summary: "One change.",
                findings: [
                  { path: "src/app.ts", line: 1, severity: "major", body: "Off by one here." },
                  { path: "docs/nowhere.md", line: 3, severity: "nit", body: "Outside the diff." },
                ],
              },
            },
          ],
        },
      ],
    });
    const run = await world.run();
    expect(run.exitCode).toBe(0);
    const artifact = world.results.artifacts.get(ARTIFACT)!;
    expect([...artifact.files.keys()].sort()).toEqual(
      expect.arrayContaining(["journal.html", "journal.jsonl", "requests.jsonl", "result.json"]),
    );

    const journal = jsonl(world.results.readArtifactFile(ARTIFACT, "journal.jsonl"));
    const findings = journal.find((e) => e.type === "review.findings");
    expect(findings?.findings).toMatchObject([
      { path: "src/app.ts", line: 1, posted: "summary" },
      { path: "docs/nowhere.md", line: 3, posted: "not anchored" },
    ]);
    const requests = world.results.readArtifactFile(ARTIFACT, "requests.jsonl");
    expect(requests).not.toContain(TOKEN);
    const lines = jsonl(requests);
    const requestLines = lines.filter((l) => Array.isArray(l.messages));
    // The agent loop's requests; the review's map (its child reviewers) is in review.batch events.
    expect(requestLines).toHaveLength(world.model.requests.filter((r) => !isReviewChild(r)).length);
    const pointers = journal.filter((e) => e.type === "model.request").map((e) => e.requestsSeq);
    expect(pointers).toEqual(requestLines.map((l) => l.seq));

    const page = world.results.readArtifactFile(ARTIFACT, "journal.html");
    expect(page).not.toContain(TOKEN);
    expect(page).toContain("Off by one here.");
    expect(page).toContain("not anchored");
    expect(page).not.toContain("this journal has no review.findings event");

    const link = `/actions/runs/1001/artifacts/${artifact.id}`;
    expect(world.github.issueComments(FULL, PR)[0]?.body).toContain(link);
  });
});
