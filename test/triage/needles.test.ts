import { describe, expect, it } from "vitest";
import { NEEDLES } from "../../src/triage/collector.js";
import { StepTracker } from "../../src/triage/steps.js";

describe("the scan's needles", () => {
  it("are at most 7 bytes each: Node searches longer ones several times slower", () => {
    for (const needle of NEEDLES) expect(Buffer.byteLength(needle), needle).toBeLessThanOrEqual(7);
  });

  it("find every line that starts a step", () => {
    for (const line of [
      "##[group]Run npm test",
      "Post job cleanup.",
      "Cleaning up orphan processes",
    ]) {
      const steps = new StepTracker();
      steps.observe(1, "##[group]Run npm ci");
      steps.observe(2, "##[endgroup]");
      steps.observe(3, "added 12 packages");
      expect(steps.observe(4, line), line).toBe("step-start");
      expect(
        NEEDLES.some((n) => line.includes(n)),
        line,
      ).toBe(true);
    }
  });
});
