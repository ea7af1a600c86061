// A review records its final findings in the journal, with where each goes, for the page.
import { afterEach, describe, expect, it } from "vitest";
import { codeLines, reviewWorld, type ReviewWorld } from "../support/review-world.js";

let world: ReviewWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

const call = (name: string, args: object) => ({ toolCalls: [{ name, arguments: args }] });

describe("review.findings", () => {
  it("lists each final finding once, anchored ones in the summary and the others as not anchored", async () => {
    world = await reviewWorld({
      baseFiles: { "src/a.ts": codeLines("a", 5) },
      headFiles: { "src/a.ts": codeLines("a", 4) + "export const added = 1;\n" },
      script: [
        call("git_diff", {}),
        call("submit_review", {
          summary: "One problem.",
          findings: [
            { path: "src/a.ts", line: 5, severity: "major", body: "Unused <script>export." },
            { path: "docs/elsewhere.md", line: 1, severity: "nit", body: "Not in this diff." },
          ],
        }),
      ],
    });
    const outcome = await world.run();
    expect(outcome.conclusion).toBe("success");
    const recorded = world.journal.events.filter((e) => e.type === "review.findings");
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({
      findings: [
        {
          path: "src/a.ts",
          line: 5,
          severity: "major",
          body: "Unused <script>export.",
          posted: "summary",
        },
        { path: "docs/elsewhere.md", line: 1, severity: "nit", posted: "not anchored" },
      ],
    });
    // Recorded where the findings are final: after the run's last model request.
    const types = world.journal.events.map((e) => e.type);
    expect(types.lastIndexOf("model.request")).toBeLessThan(types.indexOf("review.findings"));
  });
});
