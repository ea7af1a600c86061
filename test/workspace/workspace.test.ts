import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createWorkspace, startWorkspace } from "../../src/workspace/workspace.js";
import { checkoutState, makeGitFixture, sh, type GitFixture } from "../support/git-fixture.js";

let fx: GitFixture | undefined;
afterEach(() => fx?.cleanup());

describe("createWorkspace", () => {
  it.each([
    ["a full checkout, borrowed with --shared", false, "shared-clone"],
    ["a shallow checkout, so a fresh clone", true, "fresh-clone"],
  ] as const)(
    "materialises the head from %s and leaves the checkout untouched",
    async (_label, shallow, source) => {
      fx = await makeGitFixture({ shallowCheckout: shallow });
      const before = await checkoutState(fx.checkout);
      const ws = await createWorkspace({
        runDir: join(fx.dir, "run"),
        checkout: fx.checkout,
        remoteUrl: fx.origin,
        token: "ghs_secret_token_1234",
        head: fx.headSha,
        base: fx.baseSha,
      });
      expect(ws.mergeBase).toBe(fx.branchPoint);
      expect(ws.source).toBe(source);
      expect(await sh(ws.root, "rev-parse", "HEAD")).toBe(fx.headSha);
      expect(readFileSync(join(ws.root, "src/app.ts"), "utf8")).toContain("42");
      // merge-base...head: the later commit on main is not part of the change.
      const changed = await sh(ws.root, "diff", "--name-only", `${ws.mergeBase}...${ws.head}`);
      expect(changed.split("\n").sort()).toEqual(["src/app.ts", "src/new.ts"]);
      expect(readFileSync(join(ws.root, ".git", "config"), "utf8")).not.toContain(
        "ghs_secret_token_1234",
      );
      expect(existsSync(ws.artifacts)).toBe(true);
      expect(await checkoutState(fx.checkout)).toEqual(before);
      await ws.dispose();
      expect(existsSync(ws.root)).toBe(false);
    },
  );

  it("works without any runner checkout and fetches a fork head by its pull ref", async () => {
    fx = await makeGitFixture({ prNumber: 5 });
    const ws = await createWorkspace({
      runDir: join(fx.dir, "run"),
      checkout: undefined,
      remoteUrl: fx.origin,
      token: undefined,
      head: fx.headSha,
      base: fx.baseSha,
      headRef: "refs/pull/5/head",
    });
    expect(ws.source).toBe("fresh-clone");
    expect(await sh(ws.root, "rev-parse", "HEAD")).toBe(fx.headSha);
  });

  it("fails clearly when the head commit does not exist", async () => {
    fx = await makeGitFixture();
    await expect(
      createWorkspace({
        runDir: join(fx.dir, "run"),
        checkout: undefined,
        remoteUrl: fx.origin,
        token: undefined,
        head: "0".repeat(40),
        base: fx.baseSha,
      }),
    ).rejects.toThrow(/git fetch failed/);
  });

  it("ignores the pull request's own .gitattributes: diffs show text, files hold the commit's bytes", async () => {
    fx = await makeGitFixture({
      headFiles: {
        // Hide every change from a diff, and rewrite files on checkout.
        ".gitattributes": "*.ts -diff\n*.txt eol=crlf\n*.c ident\n",
        "src/app.ts": "export const answer = 42;\n",
        "notes.txt": "one\ntwo\n",
        "x.c": "/* $Id$ */\n",
      },
    });
    const ws = await createWorkspace({
      runDir: join(fx.dir, "run"),
      checkout: fx.checkout,
      remoteUrl: fx.origin,
      token: undefined,
      head: fx.headSha,
      base: fx.baseSha,
    });
    const diff = await sh(ws.root, "diff", `${ws.mergeBase}...${ws.head}`, "--", "src/app.ts");
    expect(diff).toContain("+export const answer = 42;");
    expect(diff).not.toContain("Binary files");
    expect(readFileSync(join(ws.root, "notes.txt"), "utf8")).toBe("one\ntwo\n");
    expect(readFileSync(join(ws.root, "x.c"), "utf8")).toBe("/* $Id$ */\n");
    await ws.dispose();
  });

  it("knows both commits before the checkout is waited for, from a borrowed or a fetched clone", async () => {
    for (const checkout of ["borrowed", "fetched"] as const) {
      fx?.cleanup();
      fx = await makeGitFixture();
      const start = startWorkspace({
        runDir: join(fx.dir, "run"),
        checkout: checkout === "borrowed" ? fx.checkout : undefined,
        remoteUrl: fx.origin,
        token: undefined,
        head: fx.headSha,
        base: fx.baseSha,
      });
      const commits = await start.commits;
      expect(commits.mergeBase).toBe(fx.branchPoint);
      expect(commits.head).toBe(fx.headSha);
      // Objects can be read from the clone at once: this is what the early reads do.
      expect(await sh(commits.root, "cat-file", "-t", `${commits.head}:src/app.ts`)).toBe("blob");
      const ws = await start.workspace;
      expect(ws.root).toBe(commits.root);
      expect(ws.mergeBase).toBe(commits.mergeBase);
      expect(readFileSync(join(ws.root, "src/app.ts"), "utf8")).toContain("42");
    }
  });

  it("rejects the commits too when the workspace fails, and leaves no clone behind", async () => {
    fx = await makeGitFixture();
    const start = startWorkspace({
      runDir: join(fx.dir, "run"),
      checkout: undefined,
      remoteUrl: fx.origin,
      token: undefined,
      head: "0".repeat(40),
      base: fx.baseSha,
    });
    await expect(start.commits).rejects.toThrow(/git fetch failed/);
    await expect(start.workspace).rejects.toThrow(/git fetch failed/);
    expect(existsSync(join(fx.dir, "run", "workspace"))).toBe(false);
  });

  it("writes the working tree on demand, once, and a clean one", async () => {
    for (const checkout of ["borrowed", "fetched"] as const) {
      fx?.cleanup();
      fx = await makeGitFixture();
      const ws = await createWorkspace({
        runDir: join(fx.dir, "run"),
        checkout: checkout === "borrowed" ? fx.checkout : undefined,
        remoteUrl: fx.origin,
        token: undefined,
        head: fx.headSha,
        base: fx.baseSha,
        worktree: "on-demand",
      });
      expect(ws.mergeBase).toBe(fx.branchPoint);
      expect(existsSync(join(ws.root, "src/app.ts"))).toBe(false);
      // The diff reads git objects only: it needs no working tree.
      const changed = await sh(ws.root, "diff", "--name-only", ws.mergeBase, ws.head);
      expect(changed.split("\n").sort()).toEqual(["src/app.ts", "src/new.ts"]);
      await Promise.all([ws.worktree(), ws.worktree()]);
      expect(readFileSync(join(ws.root, "src/app.ts"), "utf8")).toContain("42");
      expect(await sh(ws.root, "rev-parse", "HEAD")).toBe(fx.headSha);
      expect(await sh(ws.root, "status", "--porcelain")).toBe("");
      await ws.dispose();
      expect(existsSync(ws.root)).toBe(false);
    }
  });

  it("has its working tree at once when made with the default", async () => {
    fx = await makeGitFixture();
    const ws = await createWorkspace({
      runDir: join(fx.dir, "run"),
      checkout: fx.checkout,
      remoteUrl: fx.origin,
      token: undefined,
      head: fx.headSha,
      base: fx.baseSha,
    });
    expect(readFileSync(join(ws.root, "src/app.ts"), "utf8")).toContain("42");
    await ws.worktree();
    expect(await sh(ws.root, "status", "--porcelain")).toBe("");
  });
});
