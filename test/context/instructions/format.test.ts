import { describe, expect, it } from "vitest";
import {
  formatInstructionsMarkdown,
  formatInstructionsTable,
} from "../../../src/context/instructions/format.js";
import type { InstructionDiagnostics } from "../../../src/context/instructions/types.js";

const H = "a".repeat(64);
const diag: InstructionDiagnostics = {
  directories: [
    { dir: ".", active: "AGENTS.md" },
    { dir: "src/api", active: "src/api/AGENTS.md" },
    { dir: "vendor", active: null },
  ],
  documents: [
    { path: "u.md", layer: "user", status: "active", bytes: 3, sha256: H, governs: ["."] },
    { path: "AGENTS.md", layer: "project", status: "active", bytes: 10, sha256: H, governs: ["."] },
    {
      path: "src/AGENTS.md",
      layer: "project",
      status: "suppressed",
      reason: "overridden",
      by: ["src/api/AGENTS.md"],
      bytes: 5,
      sha256: H,
      governs: [],
    },
    {
      path: "src/api/AGENTS.md",
      layer: "project",
      status: "active",
      bytes: 7,
      sha256: H,
      governs: ["src/api"],
    },
    {
      path: "docs/AGENTS.md",
      layer: "project",
      status: "rejected",
      reason: "symlink",
      bytes: null,
      sha256: null,
      governs: [],
    },
  ],
  truncated: true,
};

describe("formatInstructionsTable", () => {
  it("prints aligned directory and document tables", () => {
    expect(formatInstructionsTable(diag)).toBe(
      [
        "DIRECTORY  ACTIVE DOCUMENT",
        ".          AGENTS.md",
        "src/api    src/api/AGENTS.md",
        "vendor     -",
        "",
        "DOCUMENT           LAYER    STATUS      BYTES  SHA-256       DETAIL",
        "u.md               user     active      3      aaaaaaaaaaaa  applies to every file",
        "AGENTS.md          project  active      10     aaaaaaaaaaaa  governs .",
        "src/AGENTS.md      project  suppressed  5      aaaaaaaaaaaa  overridden by src/api/AGENTS.md",
        "src/api/AGENTS.md  project  active      7      aaaaaaaaaaaa  governs src/api",
        "docs/AGENTS.md     project  rejected    -      -             symlink",
        "",
        "The rendered instructions were cut to fit the total budget.",
        "",
      ].join("\n"),
    );
  });

  it("says so when there is nothing", () => {
    const text = formatInstructionsTable({ directories: [], documents: [], truncated: false });
    expect(text).toContain("No active directories.");
    expect(text).toContain("No instruction documents found.");
  });
});

describe("formatInstructionsMarkdown", () => {
  it("is a collapsible table with counts in the summary", () => {
    const md = formatInstructionsMarkdown(diag);
    expect(
      md.startsWith(
        "<details><summary>Instructions: 3 active, 1 suppressed, 1 rejected, truncated</summary>\n\n",
      ),
    ).toBe(true);
    expect(md).toContain("| <code>src/api</code> | <code>src/api/AGENTS.md</code> |");
    expect(md).toContain("| <code>vendor</code> | none |");
    expect(md).toContain(
      "| <code>src/AGENTS.md</code> | project | suppressed | overridden by <code>src/api/AGENTS.md</code> | 5 | <code>aaaaaaaaaaaa</code> |",
    );
    expect(md.trimEnd().endsWith("</details>")).toBe(true);
  });

  it("turns every character Markdown or HTML could read in a path into an entity", () => {
    const evil = "a|b`c<img src=x>@team_*[x](y)\n";
    const md = formatInstructionsMarkdown({
      directories: [{ dir: evil, active: null }],
      documents: [],
      truncated: false,
    });
    const row = md.split("\n").find((l) => l.startsWith("| <code>a"));
    expect(row).toBe(
      "| <code>a&#124;b&#96;c&#60;img src&#61;x&#62;&#64;team&#95;&#42;&#91;x&#93;&#40;y&#41;&#92;u000a</code> | none |",
    );
  });

  it("is bounded: past 50 rows the rest is counted", () => {
    const many: InstructionDiagnostics = {
      directories: Array.from({ length: 120 }, (_, i) => ({ dir: `d${i}`, active: null })),
      documents: [],
      truncated: false,
    };
    const md = formatInstructionsMarkdown(many);
    expect(md.match(/<code>d\d+<\/code>/g)).toHaveLength(50);
    expect(md).toContain("| … 70 more |  |");
  });
});
