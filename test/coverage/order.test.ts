import { describe, expect, it } from "vitest";
import { classifyPath, orderForReview } from "../../src/coverage/order.js";

describe("orderForReview", () => {
  it.each([
    ["src/app.ts", "source"],
    ["src/app.test.ts", "test"],
    ["pkg/server_test.go", "test"],
    ["tests/test_api.py", "test"],
    ["test_api.py", "test"],
    ["spec/models/user_spec.rb", "test"],
    ["src/__tests__/x.ts", "test"],
    ["README.md", "docs"],
    ["docs/guide/setup.ts", "docs"],
    ["CHANGELOG", "docs"],
    ["latest.ts", "source"],
    ["contest/main.go", "source"],
  ])("%s is %s", (path, kind) => {
    expect(classifyPath(path)).toBe(kind);
  });

  it("puts source before tests before docs, then bigger changes first", () => {
    const f = (path: string, additions: number) => ({ path, additions, deletions: 0 });
    const ordered = orderForReview([
      f("docs/a.md", 500),
      f("src/a.test.ts", 90),
      f("src/small.ts", 2),
      f("src/big.ts", 40),
      f("b.ts", 40),
    ]);
    expect(ordered.map((x) => x.path)).toEqual([
      "b.ts",
      "src/big.ts",
      "src/small.ts",
      "src/a.test.ts",
      "docs/a.md",
    ]);
  });
});
