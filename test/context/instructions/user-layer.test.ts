import { mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { defaultUserFile, readUserFile } from "../../../src/context/instructions/user-layer.js";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "rivumi-user-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("readUserFile", () => {
  it("keeps the path as given and checks the file like a project document", async () => {
    await writeFile(path.join(dir, "RIVUMI.md"), "Be brief.\n");
    expect(await readUserFile(path.join(dir, "RIVUMI.md"), "~/RIVUMI.md", 100)).toMatchObject({
      path: "~/RIVUMI.md",
      ok: true,
      text: "Be brief.\n",
      bytes: 10,
    });
    expect(await readUserFile(path.join(dir, "RIVUMI.md"), "u", 5)).toMatchObject({
      ok: false,
      reason: "too-large",
    });
  });

  it("does not follow a link (in a checkout it could point at the runner's secrets)", async () => {
    await writeFile(path.join(dir, "real.md"), "x");
    await symlink(path.join(dir, "real.md"), path.join(dir, "link.md"));
    expect(await readUserFile(path.join(dir, "link.md"), "link.md", 100)).toMatchObject({
      ok: false,
      reason: "symlink",
    });
  });

  it("is null when the file does not exist", async () => {
    expect(await readUserFile(path.join(dir, "none.md"), "none.md", 100)).toBeNull();
  });
});

describe("defaultUserFile", () => {
  it("uses an absolute XDG_CONFIG_HOME, else ~/.config", () => {
    expect(defaultUserFile({ XDG_CONFIG_HOME: "/x/cfg" }, "/home/u")).toBe(
      "/x/cfg/rivumi/RIVUMI.md",
    );
    expect(defaultUserFile({ XDG_CONFIG_HOME: "rel" }, "/home/u")).toBe(
      "/home/u/.config/rivumi/RIVUMI.md",
    );
    expect(defaultUserFile({}, "/home/u")).toBe("/home/u/.config/rivumi/RIVUMI.md");
  });
});
