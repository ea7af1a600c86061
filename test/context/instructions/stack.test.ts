// `instructions-layering: stack` on a nested tree in a real git repository: every layer from the
// root down applies, the deepest last, and when the budget is exceeded the deepest layers win.
import { describe, expect, it } from "vitest";
import { formatInstructionsTable } from "../../../src/context/instructions/format.js";
import { commitTree, SOURCE_KINDS, type SourceKind } from "../../support/temp-git.js";
import { freshRepoPerTest, repo, resolve, summary } from "./resolve-helpers.js";

freshRepoPerTest();

const NESTED = {
  "AGENTS.md": "ROOT BASE: read the directory files additionally.\n",
  "src/RIVUMI.md": "SRC RIVUMI RULES\n",
  "src/AGENTS.md": "SRC AGENTS RULES\n",
  "src/api/AGENTS.md": "API RULES\n",
  "docs/guide.md": "no rules here\n",
};

describe.each(SOURCE_KINDS)("stacked instructions from the %s", (kind) => {
  it("keeps every layer from the root down, deepest last; same-directory shadowing still holds", async () => {
    await commitTree(repo, NESTED);
    const res = await resolve(kind, ["src/api", "docs"], {
      layering: "stack",
      userLayer: [{ path: "~/.config/rivumi/RIVUMI.md", text: "USER RULES" }],
    });
    expect(res.diagnostics.layering).toBe("stack");
    expect(res.diagnostics.directories).toEqual([
      { dir: "docs", active: "AGENTS.md", layers: ["AGENTS.md"] },
      {
        dir: "src/api",
        active: "src/api/AGENTS.md",
        layers: ["AGENTS.md", "src/RIVUMI.md", "src/api/AGENTS.md"],
      },
    ]);
    expect(summary(res)).toEqual([
      "~/.config/rivumi/RIVUMI.md active governs docs,src/api",
      "AGENTS.md active governs docs,src/api",
      "src/RIVUMI.md active governs src/api",
      "src/AGENTS.md suppressed:shadowed by src/RIVUMI.md",
      "src/api/AGENTS.md active governs src/api",
    ]);
    const at = (text: string) => res.text.indexOf(text);
    expect(at("USER RULES")).toBeGreaterThanOrEqual(0);
    expect(at("USER RULES")).toBeLessThan(at("ROOT BASE"));
    expect(at("ROOT BASE")).toBeLessThan(at("SRC RIVUMI RULES"));
    expect(at("SRC RIVUMI RULES")).toBeLessThan(at("API RULES"));
    expect(res.text).not.toContain("SRC AGENTS RULES");
    expect(res.diagnostics.truncated).toBe(false);
    expect(res.diagnostics.cut).toBeUndefined();
  });
});

// The budget and the default rule do not depend on where the files are read from.
describe("stacked instructions: the default and the budget", () => {
  const kind: SourceKind = "git";

  it("override, the default, keeps only the deepest document of each walk", async () => {
    await commitTree(repo, NESTED);
    const res = await resolve(kind, ["src/api", "docs"]);
    expect(res.diagnostics.layering).toBe("override");
    expect(res.diagnostics.directories.every((d) => d.layers === undefined)).toBe(true);
    expect(summary(res)).toContain("src/RIVUMI.md suppressed:overridden by src/api/AGENTS.md");
    expect(summary(res)).toContain("AGENTS.md active governs docs");
    expect(res.text).not.toContain("SRC RIVUMI RULES");
  });

  it("over the budget, leaves out the shallowest layers whole, keeps the deepest, and says so", async () => {
    await commitTree(repo, {
      ...NESTED,
      "AGENTS.md": `ROOT BASE\n${"root detail. ".repeat(40)}\n`,
    });
    const res = await resolve(kind, ["src/api"], { layering: "stack", totalBytes: 600 });
    expect(Buffer.byteLength(res.text)).toBeLessThanOrEqual(600);
    expect(res.diagnostics.truncated).toBe(true);
    expect(res.diagnostics.cut).toEqual(["AGENTS.md"]);
    expect(res.text).not.toContain("ROOT BASE");
    // The deeper layers are there whole, in order, under a marker that names what was left out.
    expect(res.text).toMatch(/^\[Instructions cut to the 600-byte budget: .*AGENTS\.md\.\]/);
    expect(res.text.indexOf("SRC RIVUMI RULES")).toBeLessThan(res.text.indexOf("API RULES"));
    expect(formatInstructionsTable(res.diagnostics)).toContain(
      "the deeper layers were kept, and these left out: AGENTS.md.",
    );

    // The same tree under override cuts from the end: the deepest document is what it keeps.
    const override = await resolve(kind, ["src/api"], { totalBytes: 600 });
    expect(override.diagnostics.truncated).toBe(false);
    expect(override.text).toContain("API RULES");
  });

  it("drops the root before a deeper layer when two layers do not fit", async () => {
    const big = (name: string) => `${name}\n${"detail. ".repeat(40)}\n`;
    await commitTree(repo, {
      "AGENTS.md": big("ROOT"),
      "src/AGENTS.md": big("SRC"),
      "src/api/AGENTS.md": big("API"),
    });
    const res = await resolve(kind, ["src/api"], { layering: "stack", totalBytes: 1000 });
    expect(res.diagnostics.cut).toEqual(["AGENTS.md"]);
    expect(res.text).toContain("SRC\n");
    expect(res.text).toContain("API\n");
    const tight = await resolve(kind, ["src/api"], { layering: "stack", totalBytes: 600 });
    expect(tight.diagnostics.cut).toEqual(["AGENTS.md", "src/AGENTS.md"]);
    expect(tight.text).toContain("API\n");
  });
});
