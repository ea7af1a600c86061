import { rm } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { worktreeFileSource } from "../../../src/context/files/worktree-source.js";
import { discoverSkills, loadSkillBody } from "../../../src/context/skills/discover.js";
import {
  commitTree,
  makeTempGit,
  sourceFor,
  SOURCE_KINDS,
  type TempGit,
} from "../../support/temp-git.js";

const skill = (name: string, description: string, body = "Body.\n") =>
  `---\nname: ${name}\ndescription: ${description}\n---\n${body}`;

let repo: TempGit;
beforeEach(async () => {
  repo = await makeTempGit();
});
afterEach(async () => {
  await repo.remove();
});

describe.each(SOURCE_KINDS)("skills from the %s", (kind) => {
  it("finds skills in both folders, sorted by name, with size and hash", async () => {
    await commitTree(repo, {
      ".rivumi/skills/release/SKILL.md": skill("release", "Cut a release."),
      ".agents/skills/pdf/SKILL.md": skill("pdf", "Fill PDF forms."),
      ".agents/skills/pdf/helper.py": "print()",
      ".agents/skills/README.md": "not a skill",
      ".agents/skills/empty/notes.md": "no SKILL.md here",
    });
    const index = await discoverSkills(await sourceFor(repo, kind), { maxBytes: 1000 });
    expect(index.rejected).toEqual([]);
    expect(index.skills.map(({ sha256, ...s }) => ({ ...s, sha256: sha256.length }))).toEqual([
      {
        name: "pdf",
        description: "Fill PDF forms.",
        path: ".agents/skills/pdf/SKILL.md",
        bytes: Buffer.byteLength(skill("pdf", "Fill PDF forms.")),
        sha256: 64,
      },
      {
        name: "release",
        description: "Cut a release.",
        path: ".rivumi/skills/release/SKILL.md",
        bytes: Buffer.byteLength(skill("release", "Cut a release.")),
        sha256: 64,
      },
    ]);
  });

  it(".rivumi wins over .agents for the same name", async () => {
    await commitTree(repo, {
      ".agents/skills/aaa/SKILL.md": skill("lint", "From .agents."),
      ".rivumi/skills/zzz/SKILL.md": skill("lint", "From .rivumi."),
    });
    const index = await discoverSkills(await sourceFor(repo, kind), { maxBytes: 1000 });
    expect(index.skills.map((s) => s.description)).toEqual(["From .rivumi."]);
    expect(index.rejected).toEqual([
      {
        path: ".agents/skills/aaa/SKILL.md",
        reason: "shadowed",
        by: ".rivumi/skills/zzz/SKILL.md",
      },
    ]);
  });

  it("rejects bad front matter, invalid files and symlinks, with reasons", async () => {
    await commitTree(repo, {
      ".rivumi/skills/a-none/SKILL.md": "# no front matter\n",
      ".rivumi/skills/b-noname/SKILL.md": "---\ndescription: d\n---\n",
      ".rivumi/skills/c-nodesc/SKILL.md": "---\nname: c\n---\n",
      ".rivumi/skills/d-badname/SKILL.md": skill("../etc", "d"),
      ".rivumi/skills/e-big/SKILL.md": skill("e", "x".repeat(300)),
      ".rivumi/skills/f-link/SKILL.md": { link: "../ok/SKILL.md" },
      ".rivumi/skills/g-nul/SKILL.md": skill("g", "d", "\0"),
      ".rivumi/skills/h-dirlink": { link: "ok" },
      ".rivumi/skills/ok/SKILL.md": skill("ok", "Fine."),
    });
    const index = await discoverSkills(await sourceFor(repo, kind), { maxBytes: 200 });
    expect(index.skills.map((s) => s.name)).toEqual(["ok"]);
    expect(index.rejected.map((r) => [r.path.split("/")[2], r.reason, r.detail])).toEqual([
      ["a-none", "bad-front-matter", "no front matter between --- lines"],
      ["b-noname", "bad-front-matter", "no name"],
      ["c-nodesc", "bad-front-matter", "no description"],
      ["d-badname", "bad-front-matter", 'name must be 1-64 letters, digits, ".", "_" or "-"'],
      ["e-big", "too-large", undefined],
      ["f-link", "symlink", undefined],
      ["g-nul", "nul-byte", undefined],
      ["h-dirlink", "symlinked-directory", undefined],
    ]);
  });

  it("rejects a symlinked skills folder", async () => {
    await commitTree(repo, {
      ".rivumi/skills/ok/SKILL.md": skill("ok", "Fine."),
      ".agents/skills": { link: "../.rivumi/skills" },
    });
    const index = await discoverSkills(await sourceFor(repo, kind), { maxBytes: 1000 });
    expect(index.skills.map((s) => s.path)).toEqual([".rivumi/skills/ok/SKILL.md"]);
    expect(index.rejected).toEqual([{ path: ".agents/skills", reason: "symlinked-directory" }]);
  });

  it("reads at most maxSkills folders", async () => {
    await commitTree(repo, {
      ".rivumi/skills/a/SKILL.md": skill("a", "A."),
      ".rivumi/skills/b/SKILL.md": skill("b", "B."),
      ".agents/skills/c/SKILL.md": skill("c", "C."),
    });
    const index = await discoverSkills(await sourceFor(repo, kind), {
      maxBytes: 1000,
      maxSkills: 2,
    });
    expect(index.skills.map((s) => s.name)).toEqual(["a", "b"]);
    expect(index.rejected).toEqual([{ path: ".agents/skills/c/SKILL.md", reason: "too-many" }]);
  });

  it("loads a skill's body on demand", async () => {
    await commitTree(repo, {
      ".rivumi/skills/release/SKILL.md": skill(
        "release",
        "Cut a release.",
        "\n1. Tag.\n2. Push.\n",
      ),
    });
    const source = await sourceFor(repo, kind);
    const [found] = (await discoverSkills(source, { maxBytes: 1000 })).skills;
    expect(found).toBeDefined();
    expect(await loadSkillBody(source, found!, { maxBytes: 1000 })).toEqual({
      ok: true,
      body: "1. Tag.\n2. Push.\n",
      sha256: found!.sha256,
    });
    expect(await loadSkillBody(source, found!, { maxBytes: 10 })).toEqual({
      ok: false,
      reason: "too-large",
    });
  });
});

describe("loading skills from a working tree that changed", () => {
  it("applies the file rules again: a body replaced by a symlink or removed is refused", async () => {
    await commitTree(repo, { ".rivumi/skills/r/SKILL.md": skill("r", "R."), "other.md": "x" });
    const source = worktreeFileSource(repo.root);
    const [found] = (await discoverSkills(source, { maxBytes: 1000 })).skills;
    const file = path.join(repo.root, ".rivumi/skills/r/SKILL.md");
    await rm(file);
    expect(await loadSkillBody(source, found!, { maxBytes: 1000 })).toEqual({
      ok: false,
      reason: "missing",
    });
    await repo.link(".rivumi/skills/r/SKILL.md", "../../../other.md");
    expect(await loadSkillBody(source, found!, { maxBytes: 1000 })).toEqual({
      ok: false,
      reason: "symlink",
    });
  });
});
