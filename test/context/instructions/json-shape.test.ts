import { createHash } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resolveInstructions } from "../../../src/context/instructions/resolve.js";
import { commitTree, makeTempGit, sourceFor, type TempGit } from "../../support/temp-git.js";

const sha = (text: string) => createHash("sha256").update(text).digest("hex");

let repo: TempGit;
beforeEach(async () => {
  repo = await makeTempGit();
});
afterEach(async () => {
  await repo.remove();
});

describe("the diagnostics JSON", () => {
  it("has exactly the documented keys, in order, with reason and by only where they mean something", async () => {
    await commitTree(repo, {
      "AGENTS.md": "root rules\n",
      "RIVUMI.md": "rivumi rules\n",
      "src/api/AGENTS.md": "api rules\n",
      "src/RIVUMI.md": { link: "../RIVUMI.md" },
    });
    const { diagnostics } = await resolveInstructions({
      source: await sourceFor(repo, "git"),
      activeDirs: ["src/api", "docs"],
      userLayer: [{ path: "~/.config/rivumi/RIVUMI.md", text: "Be brief." }],
      maxBytes: 1000,
      totalBytes: 10_000,
    });
    const expected = {
      directories: [
        { dir: "docs", active: "RIVUMI.md" },
        { dir: "src/api", active: "src/api/AGENTS.md" },
      ],
      documents: [
        {
          path: "~/.config/rivumi/RIVUMI.md",
          layer: "user",
          status: "active",
          bytes: 9,
          sha256: sha("Be brief."),
          governs: ["docs", "src/api"],
        },
        {
          path: "RIVUMI.md",
          layer: "project",
          status: "active",
          bytes: 13,
          sha256: sha("rivumi rules\n"),
          governs: ["docs"],
        },
        {
          path: "AGENTS.md",
          layer: "project",
          status: "suppressed",
          reason: "shadowed",
          by: ["RIVUMI.md"],
          bytes: 11,
          sha256: sha("root rules\n"),
          governs: [],
        },
        {
          path: "src/RIVUMI.md",
          layer: "project",
          status: "rejected",
          reason: "symlink",
          bytes: null,
          sha256: null,
          governs: [],
        },
        {
          path: "src/api/AGENTS.md",
          layer: "project",
          status: "active",
          bytes: 10,
          sha256: sha("api rules\n"),
          governs: ["src/api"],
        },
      ],
      truncated: false,
      layering: "override",
    };
    // Stringified, so that key order and absent keys count too.
    expect(JSON.stringify(diagnostics, null, 2)).toBe(JSON.stringify(expected, null, 2));
  });

  it("lists every overriding document in `by`", async () => {
    await commitTree(repo, { "AGENTS.md": "r\n", "a/AGENTS.md": "a\n", "b/RIVUMI.md": "b\n" });
    const { diagnostics } = await resolveInstructions({
      source: await sourceFor(repo, "worktree"),
      activeDirs: ["b", "a/x"],
      maxBytes: 1000,
      totalBytes: 10_000,
    });
    expect(diagnostics.documents[0]).toEqual({
      path: "AGENTS.md",
      layer: "project",
      status: "suppressed",
      reason: "overridden",
      by: ["a/AGENTS.md", "b/RIVUMI.md"],
      bytes: 2,
      sha256: sha("r\n"),
      governs: [],
    });
  });
});
