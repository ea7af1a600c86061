// Which host folders the verify command may read and execute, and which it may never be granted:
// PATH's folders come along unless they are the runner's home, temp or a checkout.
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { commandEnv, hostLayout } from "../../src/fix/verify-grants.js";

const root = mkdtempSync(join(tmpdir(), "rivumi-grants-"));
const [home, temp, tools, opt, workspace] = ["home", "temp", "tools", "opt/bin", "ws"].map((d) => {
  const p = join(root, d);
  mkdirSync(join(p, "bin"), { recursive: true });
  return p;
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("hostLayout", () => {
  const env = {
    HOME: home!,
    RUNNER_TEMP: temp!,
    RUNNER_TOOL_CACHE: tools!,
    PATH: [`${home}/bin`, `${temp}/bin`, `${workspace}/bin`, opt, "/usr/bin", "relative/bin"].join(
      ":",
    ),
    GITHUB_TOKEN: "ghs_notForTheCommand",
  };
  const layout = hostLayout(workspace!, env);

  it("grants the tool cache and PATH's system folders, not PATH's folders of the home, temps or workspace", () => {
    expect(layout.reads).toEqual(expect.arrayContaining([tools, "/usr/bin"]));
    // A PATH folder in the shared temp folder (where `opt` is, here) is refused too.
    for (const p of layout.reads) {
      for (const held of [home!, temp!, workspace!, opt!])
        expect(p.startsWith(held), p).toBe(false);
      expect(p).not.toBe("relative/bin");
    }
  });

  it("denies the home, the temp folders, the workspace and Rivumi's own folders", () => {
    expect(layout.denied).toEqual(
      expect.arrayContaining([home, temp, workspace, tmpdir(), process.cwd()]),
    );
    expect(layout.denied.some((d) => d.endsWith("/src/rlm"))).toBe(true);
  });

  it("passes on PATH, LANG, TZ and CI only, with the private home and temp", () => {
    expect(commandEnv(layout, "/v/home", "/v/tmp", { ...env, TZ: "Europe/Paris" })).toEqual({
      PATH: env.PATH,
      HOME: "/v/home",
      TMPDIR: "/v/tmp",
      LANG: "C.UTF-8",
      TZ: "Europe/Paris",
      CI: "true",
    });
  });
});
