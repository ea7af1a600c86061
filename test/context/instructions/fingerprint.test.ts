import { rm } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { worktreeFileSource } from "../../../src/context/files/worktree-source.js";
import { diffInstructions, fingerprint } from "../../../src/context/instructions/fingerprint.js";
import { resolveInstructions } from "../../../src/context/instructions/resolve.js";
import { discoverSkills } from "../../../src/context/skills/discover.js";
import { commitTree, makeTempGit, type TempGit } from "../../support/temp-git.js";

let repo: TempGit;
beforeEach(async () => {
  repo = await makeTempGit();
  await commitTree(repo, {
    "AGENTS.md": "root\n",
    "src/AGENTS.md": "src\n",
    ".rivumi/skills/release/SKILL.md":
      "---\nname: release\ndescription: Cut a release.\n---\nSteps.\n",
  });
});
afterEach(async () => {
  await repo.remove();
});

/** What the reload check does after a tool call that wrote: resolve again from the working tree. */
async function state() {
  const source = worktreeFileSource(repo.root);
  const res = await resolveInstructions({
    source,
    activeDirs: ["src"],
    maxBytes: 100,
    totalBytes: 10_000,
  });
  const skills = await discoverSkills(source, { maxBytes: 1000 });
  return { diag: res.diagnostics, print: fingerprint(res.diagnostics, skills) };
}

describe("fingerprint", () => {
  it("is stable while nothing changes", async () => {
    expect((await state()).print).toBe((await state()).print);
  });

  it("changes when a document on a walk is edited, added or removed, or a skill changes", async () => {
    const before = (await state()).print;
    // Same size: only the content hash tells the difference.
    await repo.write("src/AGENTS.md", "SRC\n");
    const edited = (await state()).print;
    expect(edited).not.toBe(before);
    await repo.write("src/RIVUMI.md", "new\n");
    const added = (await state()).print;
    expect(added).not.toBe(edited);
    await rm(path.join(repo.root, "src/RIVUMI.md"));
    expect((await state()).print).toBe(edited);
    await repo.write(
      ".rivumi/skills/release/SKILL.md",
      "---\nname: release\ndescription: Other.\n---\n",
    );
    expect((await state()).print).not.toBe(edited);
  });

  it("ignores files off the walks", async () => {
    const before = (await state()).print;
    await repo.write("docs/AGENTS.md", "elsewhere\n");
    expect((await state()).print).toBe(before);
  });
});

describe("diffInstructions", () => {
  it("reports an edit as modified", async () => {
    const before = (await state()).diag;
    await repo.write("src/AGENTS.md", "src, edited\n");
    expect(diffInstructions(before, (await state()).diag)).toEqual({
      activated: [],
      deactivated: [],
      modified: ["src/AGENTS.md"],
      rejected: [],
    });
  });

  it("reports an active document replaced by a symlink as an invalid reload", async () => {
    const before = (await state()).diag;
    await rm(path.join(repo.root, "src/AGENTS.md"));
    await repo.link("src/AGENTS.md", "../AGENTS.md");
    expect(diffInstructions(before, (await state()).diag)).toEqual({
      activated: ["AGENTS.md"],
      deactivated: ["src/AGENTS.md"],
      modified: [],
      rejected: [{ path: "src/AGENTS.md", reason: "symlink", wasActive: true }],
    });
  });

  it("reports a new deeper document and a removed one", async () => {
    const before = (await state()).diag;
    await rm(path.join(repo.root, "src/AGENTS.md"));
    await repo.write("src/RIVUMI.md", "new\n");
    expect(diffInstructions(before, (await state()).diag)).toEqual({
      activated: ["src/RIVUMI.md"],
      deactivated: ["src/AGENTS.md"],
      modified: [],
      rejected: [],
    });
  });
});
