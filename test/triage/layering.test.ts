// src/triage is a leaf: it may use node builtins, src/util and itself, nothing else.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const src = join(dirname(fileURLToPath(import.meta.url)), "../../src/triage");

describe("src/triage imports", () => {
  it("come only from node builtins, src/util and src/triage", () => {
    const bad: string[] = [];
    for (const file of readdirSync(src).filter((f) => f.endsWith(".ts"))) {
      const text = readFileSync(join(src, file), "utf8");
      for (const [, spec] of text.matchAll(/^\s*(?:import|export)\b[^;]*?\bfrom\s+"([^"]+)"/gm))
        if (!/^(?:node:|\.\/(?!.*\.\.)|\.\.\/util\/)/.test(spec!)) bad.push(`${file}: ${spec}`);
    }
    expect(bad).toEqual([]);
  });
});
