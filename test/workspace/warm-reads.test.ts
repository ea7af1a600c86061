import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { prepareBaseSource } from "../../src/context/base-source.js";
import { warmReads } from "../../src/workspace/warm-reads.js";
import { createWorkspace } from "../../src/workspace/workspace.js";
import { makeGitFixture, type GitFixture } from "../support/git-fixture.js";

let fx: GitFixture | undefined;
afterEach(() => fx?.cleanup());

async function workspace() {
  fx = await makeGitFixture();
  return createWorkspace({
    runDir: join(fx.dir, "run"),
    checkout: fx.checkout,
    remoteUrl: fx.origin,
    token: undefined,
    head: fx.headSha,
    base: fx.baseSha,
  });
}

const at = (baseSha: string) => ({
  baseSha,
  runDir: join(fx!.dir, "run"),
  maxFileBytes: 1e6,
  prepareBase: prepareBaseSource,
});

describe("warmReads", () => {
  it("indexes the diff in the run folder, lists the changed files, prepares the base's source", async () => {
    const ws = await workspace();
    const reads = await warmReads(
      Promise.resolve(ws),
      at(fx!.baseSha),
      new AbortController().signal,
    );
    expect(reads.files.map((f) => f.path).sort()).toEqual(["src/app.ts", "src/new.ts"]);
    expect(reads.index.diffPath).toBe(join(fx!.dir, "run", "diff", "diff.patch"));
    expect(reads.index.files.map((f) => f.path).sort()).toEqual(["src/app.ts", "src/new.ts"]);
    expect(existsSync(reads.index.diffPath)).toBe(true);
    const source = await reads.baseSource;
    expect(source.commit).toBe(fx!.baseSha);
    expect(await source.read("src/new.ts", 100)).toBeNull(); // added by the head, not in the base
  });

  it("stops its git processes when the run no longer wants them", async () => {
    const ws = await workspace();
    const stop = new AbortController();
    stop.abort();
    await expect(warmReads(Promise.resolve(ws), at(fx!.baseSha), stop.signal)).rejects.toThrow();
  });

  it("reads nothing when the clone failed before its commits were known", async () => {
    const failed = Promise.reject(new Error("clone failed"));
    const nowhere = {
      baseSha: "0".repeat(40),
      runDir: "/nonexistent",
      maxFileBytes: 1e6,
      prepareBase: prepareBaseSource,
    };
    await expect(warmReads(failed, nowhere, new AbortController().signal)).rejects.toThrow(
      "clone failed",
    );
  });
});
