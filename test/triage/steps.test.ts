import { describe, expect, it } from "vitest";
import { cleanLine, ghStepName } from "../../src/triage/clean-line.js";
import { StepTracker } from "../../src/triage/steps.js";

/** Feeds every line, as the diff does (the scan feeds only lines with a needle). */
function split(lines: string[]) {
  const tracker = new StepTracker();
  const effects = lines.map((raw, i) => tracker.observe(i + 1, cleanLine(raw), ghStepName(raw)));
  return { steps: tracker.finish(lines.length), effects };
}

const ts = (text: string) => `2025-06-30T21:41:43.3369458Z ${text}`;

describe("StepTracker", () => {
  it("splits a GitHub Actions job log at its step headers and post steps", () => {
    const { steps, effects } = split([
      "\uFEFF" + ts("Current runner version: '2.325.0'"),
      ts("##[group]Operating System"),
      ts("Ubuntu"),
      ts("##[endgroup]"),
      ts("##[group]Run npm test"),
      ts("\x1b[36;1mnpm test\x1b[0m"),
      ts("##[endgroup]"),
      ts("##[group]Getting Git version info"),
      ts("FAIL src/a.test.ts"),
      ts("##[endgroup]"),
      ts("##[error]Process completed with exit code 1."),
      ts("Post job cleanup."),
      ts("Cleaning up orphan processes"),
    ]);
    expect(steps.map((s) => [s.name, s.start_line, s.end_line])).toEqual([
      ["Set up job", 1, 4],
      ["Run npm test", 5, 11],
      ["Post job cleanup", 12, 12],
      ["Complete job", 13, 13],
    ]);
    // the header (script and inputs) is not output; a nested group inside a step is
    expect(effects.slice(4, 9)).toEqual(["step-start", "header", "header", "output", "output"]);
  });

  it("handles logs without timestamps", () => {
    const { steps } = split([
      "##[group]Run make",
      "make",
      "##[endgroup]",
      "cc -c a.c",
      "Post job cleanup.",
    ]);
    expect(steps.map((s) => s.name)).toEqual(["Run make", "Post job cleanup"]);
  });

  it("takes step names from a `gh run view --log` prefix", () => {
    const { steps } = split([
      "build\tSet up job\t2025-06-30T21:41:43.3369458Z Current runner version: '2.325.0'",
      "build\tTest\t2025-06-30T21:41:44.3369458Z ##[group]Run npm test",
      "build\tTest\t2025-06-30T21:41:44.3369458Z ##[endgroup]",
      "build\tTest\t2025-06-30T21:41:45.3369458Z FAIL src/a.test.ts",
      "build\tPost Run actions/checkout@v4\t2025-06-30T21:41:46.3369458Z Post job cleanup.",
    ]);
    expect(steps.map((s) => [s.name, s.start_line])).toEqual([
      ["Set up job", 1],
      ["Test", 2],
      ["Post Run actions/checkout@v4", 5],
    ]);
  });

  it("makes a log with no step markers (Jenkins, plain output) one step", () => {
    const { steps } = split(["Started by timer", "[INFO] BUILD FAILURE", "Finished: FAILURE"]);
    expect(steps).toEqual([{ name: "job", start_line: 1, end_line: 3, failed: false }]);
  });

  it("folds steps past its limit into the last one", () => {
    const tracker = new StepTracker(3);
    for (let i = 1; i <= 10; i++) tracker.observe(i, `##[group]Run step ${i}`);
    const steps = tracker.finish(10);
    expect(steps.map((s) => s.name)).toEqual(["Run step 1", "Run step 2", "Run step 3"]);
    expect(steps[2]!.end_line).toBe(10);
  });
});

describe("cleanLine", () => {
  it("drops the BOM, timestamp, colour codes and overdrawn progress, keeping indentation", () => {
    expect(cleanLine("\uFEFF" + ts("\x1b[31m  error\x1b[0m: boom"))).toBe("  error: boom");
    expect(cleanLine(ts("10%\r50%\r100% done\r"))).toBe("100% done");
    expect(cleanLine("#12 3.456 npm error code E404")).toBe("npm error code E404");
  });
});
