import { describe, expect, it } from "vitest";
import { activeDirsForChangedFiles } from "../../../src/context/instructions/resolve.js";
import { commitTree, SOURCE_KINDS } from "../../support/temp-git.js";
import { activeOf, freshRepoPerTest, repo, resolve, summary } from "./resolve-helpers.js";

freshRepoPerTest();

describe.each(SOURCE_KINDS)("instruction resolution from the %s", (kind) => {
  it("root only: the root document governs every directory", async () => {
    await commitTree(repo, { "AGENTS.md": "Use tabs.\n", "src/api/x.ts": "" });
    const res = await resolve(kind, ["src/api", "."]);
    expect(activeOf(res)).toEqual({ ".": "AGENTS.md", "src/api": "AGENTS.md" });
    expect(summary(res)).toEqual(["AGENTS.md active governs .,src/api"]);
    expect(res.text).toContain("Use tabs.");
    expect(res.text).toContain("They apply to the files in: . (the repository root), src/api.");
  });

  it("deeper override: the nearest document wins, the user layer stays", async () => {
    await commitTree(repo, { "AGENTS.md": "ROOT RULES\n", "src/AGENTS.md": "SRC RULES\n" });
    const res = await resolve(kind, ["src/api"], {
      userLayer: [{ path: "~/.config/rivumi/RIVUMI.md", text: "Answer in French." }],
    });
    expect(activeOf(res)).toEqual({ "src/api": "src/AGENTS.md" });
    expect(summary(res)).toEqual([
      "~/.config/rivumi/RIVUMI.md active governs src/api",
      "AGENTS.md suppressed:overridden by src/AGENTS.md",
      "src/AGENTS.md active governs src/api",
    ]);
    expect(res.text).not.toContain("ROOT RULES");
    expect(res.text.indexOf("Answer in French.")).toBeLessThan(res.text.indexOf("SRC RULES"));
  });

  it("both names in one directory: RIVUMI.md shadows AGENTS.md", async () => {
    await commitTree(repo, { "RIVUMI.md": "R\n", "AGENTS.md": "A\n" });
    const res = await resolve(kind, ["."]);
    expect(summary(res)).toEqual([
      "RIVUMI.md active governs .",
      "AGENTS.md suppressed:shadowed by RIVUMI.md",
    ]);
  });

  it("an invalid RIVUMI.md shadows nothing: AGENTS.md beside it is used", async () => {
    await commitTree(repo, { "AGENTS.md": "A\n", "RIVUMI.md": Uint8Array.from([0xff]) });
    const res = await resolve(kind, ["."]);
    expect(summary(res)).toEqual(["RIVUMI.md rejected:not-utf8", "AGENTS.md active governs ."]);
  });

  it("several changed directories governed by different documents", async () => {
    await commitTree(repo, {
      "AGENTS.md": "root\n",
      "src/api/AGENTS.md": "api\n",
      "docs/RIVUMI.md": "docs\n",
    });
    const changed = ["README.md", "src/api/x.ts", "src/util/y.ts", "docs/a.md", "docs/b.md"];
    const dirs = activeDirsForChangedFiles(changed);
    expect(dirs).toEqual([".", "docs", "src/api", "src/util"]);
    const res = await resolve(kind, dirs);
    expect(activeOf(res)).toEqual({
      ".": "AGENTS.md",
      docs: "docs/RIVUMI.md",
      "src/api": "src/api/AGENTS.md",
      "src/util": "AGENTS.md",
    });
    expect(summary(res)).toEqual([
      "AGENTS.md active governs .,src/util",
      "docs/RIVUMI.md active governs docs",
      "src/api/AGENTS.md active governs src/api",
    ]);
    expect(res.text).toContain("They apply to the files in: src/api.\n\napi");
  });

  it("a symlinked document is rejected and overrides nothing", async () => {
    await commitTree(repo, { "AGENTS.md": "root\n", "src/AGENTS.md": { link: "../AGENTS.md" } });
    const res = await resolve(kind, ["src"]);
    expect(summary(res)).toEqual([
      "AGENTS.md active governs src",
      "src/AGENTS.md rejected:symlink",
    ]);
  });

  it("a document under a symlinked parent directory is rejected", async () => {
    await commitTree(repo, {
      "AGENTS.md": "root\n",
      "real/AGENTS.md": "real\n",
      docs: { link: "real" },
    });
    const res = await resolve(kind, ["docs"]);
    expect(activeOf(res)).toEqual({ docs: "AGENTS.md" });
    expect(summary(res)).toEqual([
      "AGENTS.md active governs docs",
      "docs/AGENTS.md rejected:symlinked-directory",
    ]);
  });

  it("a document one byte over the cap is rejected; at the cap it is used", async () => {
    await commitTree(repo, { "AGENTS.md": "root\n", "src/AGENTS.md": "x".repeat(100) });
    const over = await resolve(kind, ["src"], { maxBytes: 99 });
    expect(summary(over)).toEqual([
      "AGENTS.md active governs src",
      "src/AGENTS.md rejected:too-large",
    ]);
    expect(over.diagnostics.documents[1]?.bytes).toBe(100);
    const at = await resolve(kind, ["src"], { maxBytes: 100 });
    expect(summary(at)[1]).toBe("src/AGENTS.md active governs src");
  });

  it("invalid UTF-8 and NUL bytes are rejected", async () => {
    await commitTree(repo, {
      "AGENTS.md": "root\n",
      "a/AGENTS.md": Uint8Array.from([0x41, 0xc3, 0x28]),
      "b/AGENTS.md": "rules\0hidden",
    });
    const res = await resolve(kind, ["a", "b"]);
    expect(summary(res)).toEqual([
      "AGENTS.md active governs a,b",
      "a/AGENTS.md rejected:not-utf8",
      "b/AGENTS.md rejected:nul-byte",
    ]);
    expect(res.text).not.toContain("hidden");
  });

  it("a submodule entry where a document would be is rejected", async () => {
    await commitTree(repo, { "AGENTS.md": "root\n" });
    await repo.gitlink("vendor/AGENTS.md");
    await repo.git("commit", "-q", "-m", "submodule");
    // What a submodule checkout leaves in a working tree: a directory.
    await repo.write("vendor/AGENTS.md/README.md", "x");
    const res = await resolve(kind, ["vendor"]);
    expect(summary(res)).toEqual([
      "AGENTS.md active governs vendor",
      "vendor/AGENTS.md rejected:not-regular",
    ]);
  });

  it("overflowing the total budget cuts the text with a visible marker", async () => {
    await commitTree(repo, { "AGENTS.md": "r".repeat(300), "src/AGENTS.md": "s".repeat(300) });
    const res = await resolve(kind, [".", "src"], { totalBytes: 600 });
    expect(res.diagnostics.truncated).toBe(true);
    expect(Buffer.byteLength(res.text)).toBe(600);
    expect(res.text).toContain("r".repeat(300));
    expect(res.text).toMatch(
      /\ns+\n\n\[Instructions truncated: the 600-byte budget is used up\. Not shown in full: src\/AGENTS\.md\.\]$/,
    );
    const fits = await resolve(kind, [".", "src"]);
    expect(fits.diagnostics.truncated).toBe(false);
  });

  it("no active directory means no project document, only the user layer", async () => {
    await commitTree(repo, { "AGENTS.md": "root\n" });
    const res = await resolve(kind, [], { userLayer: [{ path: "(input)", text: "u" }] });
    expect(summary(res)).toEqual(["(input) active"]);
  });
});
