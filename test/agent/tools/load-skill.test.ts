import { afterEach, describe, expect, it } from "vitest";
import { createLoadSkill } from "../../../src/agent/tools/load-skill.js";
import { gitFileSource } from "../../../src/context/files/git-source.js";
import { discoverSkills } from "../../../src/context/skills/discover.js";
import { makeTempGit, type TempGit } from "../../support/temp-git.js";

let repo: TempGit | undefined;
afterEach(async () => {
  await repo?.remove();
  repo = undefined;
});

const ctx = {
  root: "/unused",
  diff: { base: "a", head: "b" },
  signal: new AbortController().signal,
};

describe("load_skill", () => {
  it("returns the body of a listed skill and names the known ones for a wrong name", async () => {
    repo = await makeTempGit();
    await repo.write(
      ".rivumi/skills/release/SKILL.md",
      "---\nname: release\ndescription: How to cut a release.\n---\nTag, then publish.\n",
    );
    const head = await repo.commit("skill");
    const source = await gitFileSource(repo.root, head);
    const index = await discoverSkills(source, { maxBytes: 32_768 });
    expect(index.skills.map((s) => s.name)).toEqual(["release"]);
    const tool = createLoadSkill(source, () => index.skills, 32_768);
    const body = await tool.execute({ name: "release" }, ctx);
    expect(body).toContain("# Skill release (.rivumi/skills/release/SKILL.md)");
    expect(body).toContain("Tag, then publish.");
    expect(body).not.toContain("description:");
    await expect(tool.execute({ name: "deploy" }, ctx)).rejects.toThrow(
      /no skill named "deploy". Skills: release/,
    );
  });
});
