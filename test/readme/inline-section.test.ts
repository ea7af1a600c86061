import { readFileSync } from "node:fs";
import { load } from "js-yaml";
import { describe, expect, it } from "vitest";
import { INPUT_NAMES } from "../../src/config/settings.js";

const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
const section = readme.slice(
  readme.indexOf("## Findings on the lines"),
  readme.indexOf("## Reviewing a pull request of any size"),
);

describe("README: findings on the lines", () => {
  it("comes just before the section on reviews of any size", () => {
    expect(readme.indexOf("## Findings on the lines")).toBeGreaterThan(0);
    expect(section.length).toBeGreaterThan(500);
  });

  it("shows a step whose inputs all exist, including the three of this section", () => {
    const block = /```yaml\n([\s\S]*?)\n```/.exec(section)?.[1];
    const steps = load(block ?? "") as Array<{ uses: string; with: Record<string, unknown> }>;
    const inputs = Object.keys(steps[0]!.with);
    for (const name of inputs) expect(INPUT_NAMES).toContain(name);
    expect(inputs).toEqual(
      expect.arrayContaining(["inline-comments", "min-severity", "max-inline-comments"]),
    );
  });
});
