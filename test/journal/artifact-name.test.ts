// The journal artifact's name: a second upload of a name in one workflow run is refused (and the
// run then ends partial), so every job, matrix leg and attempt needs a name of its own.
import { describe, expect, it } from "vitest";
import { journalArtifactName } from "../../src/journal/upload.js";

const runner = { GITHUB_JOB: "review", GITHUB_RUN_ATTEMPT: "2" };

describe("journalArtifactName", () => {
  it("names the job and the attempt", () => {
    expect(journalArtifactName(runner)).toBe("rivumi-journal-review-2");
    expect(journalArtifactName({ ...runner, GITHUB_RUN_ATTEMPT: "3" })).toBe(
      "rivumi-journal-review-3",
    );
  });

  it("tells apart the legs of a matrix by their comment keys, in characters a name may hold", () => {
    const legs = ["review-gpt", "review/mini model"].map((key) =>
      journalArtifactName({ ...runner, "INPUT_COMMENT-KEY": key }),
    );
    expect(legs).toEqual([
      "rivumi-journal-review-review-gpt-2",
      "rivumi-journal-review-review-mini-model-2",
    ]);
  });
});
