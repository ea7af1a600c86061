import { execa } from "execa";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  USAGE,
  defaultProject,
  defaultStorePath,
  projectFromRemote,
  run,
  runMemory,
} from "../../../src/cli/memory-command.js";
import { UsageError } from "../../../src/cli/usage-error.js";

let dir = "";
let store = "";
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "rivumi-memory-cli-"));
  store = join(dir, "memory.jsonl");
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  rmSync(dir, { recursive: true, force: true });
});

/** Runs `rivumi memory …` with its output captured. */
async function cli(argv: string[], env: NodeJS.ProcessEnv = { USER: "alice" }, cwd = dir) {
  let out = "";
  const code = await runMemory(argv, {
    env,
    cwd,
    stdout: (t) => (out += t),
    now: () => new Date("2025-02-03T04:05:06.000Z"),
  });
  return { code, out };
}
const add = (type: string, text: string, ...rest: string[]) =>
  cli(["add", "--type", type, "--text", text, "--store", store, ...rest]);

describe("rivumi memory", () => {
  it("adds an entry and prints it as JSON", async () => {
    const { code, out } = await add("fact", "we use pnpm", "--project", "acme/widgets");
    expect(code).toBe(0);
    const printed = JSON.parse(out) as Record<string, unknown>;
    expect(printed).toEqual({
      v: 1,
      id: expect.stringMatching(/^m-[0-9a-f]{12}$/),
      type: "project-fact",
      text: "we use pnpm",
      user: "alice",
      project: "acme/widgets",
      created_at: "2025-02-03T04:05:06.000Z",
    });
    expect(readFileSync(store, "utf8")).toBe(out);
  });

  it("scopes a project entry to a directory with --dir and shows it in list", async () => {
    const p = ["--project", "acme/widgets"];
    const scoped = await add("fact", "handlers check tenants", ...p, "--dir", "./src/api/");
    expect(JSON.parse(scoped.out)).toMatchObject({ project: "acme/widgets", dir: "src/api" });
    await add("fact", "we use pnpm", ...p);
    const listed = await cli(["list", "--store", store, ...p]);
    expect(listed.out).toMatch(/m-\w+ {2}\[project-fact in src\/api\/\] handlers check tenants\n/);
    expect(listed.out).toMatch(/m-\w+ {2}\[project-fact\] we use pnpm\n/);
    const json = JSON.parse((await cli(["list", "--store", store, "--json", ...p])).out) as {
      entries: { dir?: string }[];
    };
    expect(json.entries.map((e) => e.dir)).toEqual(["src/api", undefined]);
    await expect(add("fact", "x", ...p, "--dir", "../etc")).rejects.toThrow(UsageError);
    await expect(add("pref", "x", ...p, "--dir", "src")).rejects.toThrow(/user-preference/);
  });

  it("lists what retrieval gives, and --json prints the stored records oldest first with the skipped count", async () => {
    const p = ["--project", "acme/widgets"];
    const pref = JSON.parse((await add("pref", "answer briefly", ...p)).out) as { id: string };
    await add("pref", "answer at length", "--user", "bob", ...p);
    const fact = JSON.parse((await add("fact", 'quotes " and\nnewlines', ...p)).out) as {
      id: string;
    };
    await add("project-pref", "elsewhere", "--project", "acme/other");
    writeFileSync(store, readFileSync(store, "utf8") + "garbage\n");

    const json = await cli(["list", "--store", store, "--json", ...p]);
    expect(json.code).toBe(0);
    expect(json.out.endsWith("\n")).toBe(true);
    const parsed = JSON.parse(json.out) as {
      entries: { id: string; text: string }[];
      skipped: number;
    };
    expect(Object.keys(parsed)).toEqual(["entries", "skipped"]);
    expect(parsed.skipped).toBe(1);
    expect(parsed.entries.map((e) => e.id)).toEqual([pref.id, fact.id]);
    const storedLines = readFileSync(store, "utf8").split("\n");
    expect(parsed.entries.map((e) => JSON.stringify(e))).toEqual([storedLines[0], storedLines[2]]);

    const text = await cli(["list", "--store", store, ...p]);
    expect(text.out).toContain(`${pref.id}  [user-preference] answer briefly`);
    expect(text.out).toContain("2 entries for alice in acme/widgets (latest 20)");
    expect(text.out).toContain("1 skipped");
    expect(text.out).not.toContain("at length");
  });

  it("forgets an entry with a tombstone, and refuses an unknown id", async () => {
    const { id } = JSON.parse((await add("fact", "old fact", "--project", "p")).out) as {
      id: string;
    };
    const forgot = await cli(["forget", id, "--store", store]);
    expect(forgot.code).toBe(0);
    expect(JSON.parse(forgot.out)).toMatchObject({ type: "forget", target: id, user: "alice" });
    const lines = readFileSync(store, "utf8").trim().split("\n");
    expect(lines).toHaveLength(2);
    const listed = await cli(["list", "--store", store, "--project", "p", "--json"]);
    expect(JSON.parse(listed.out)).toEqual({ entries: [], skipped: 0 });
    expect((await cli(["forget", id, "--store", store])).out).toContain("already forgotten");
    await expect(cli(["forget", "m-nope", "--store", store])).rejects.toThrow(
      `no memory entry m-nope in ${store}`,
    );
  });

  it.each([
    [["add", "--type", "rumour", "--text", "x"], "--type must be one of"],
    [["add", "--type", "fact", "--text", "   "], "--text must not be empty"],
    [["add", "--type", "fact"], "--text must not be empty"],
    [["add", "--type", "fact", "--text", "x".repeat(1001)], "longer than 1000"],
    [["list", "--type", "fact"], "does not take --type"],
    [["forget", "--json", "m-1"], "does not take --json"],
    [["forget"], "takes one ID"],
    [["list", "extra"], "Unexpected argument"],
    [["frobnicate"], "unknown memory command"],
    [["add", "--colour", "red"], "unknown option '--colour' for 'rivumi memory add'"],
  ])("rejects %j as a usage error", async (argv, message) => {
    const error = await cli([...argv, "--store", store]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).message).toContain(message);
  });

  it("prints the usage for --help", async () => {
    expect(await cli(["--help"])).toEqual({ code: 0, out: `${USAGE}\n` });
    expect(await cli(["add", "--help"])).toEqual({ code: 0, out: `${USAGE}\n` });
    expect((await cli([])).code).toBe(2);
  });

  it("run() writes to the real stdout with the environment's defaults", async () => {
    vi.stubEnv("RIVUMI_MEMORY_FILE", store);
    vi.stubEnv("USER", "carol");
    const writes: string[] = [];
    vi.spyOn(process.stdout, "write").mockImplementation((chunk) => {
      writes.push(String(chunk));
      return true;
    });
    expect(await run(["add", "--type", "pref", "--text", "dark mode", "--project", "x/y"])).toBe(0);
    expect(JSON.parse(writes.join(""))).toMatchObject({ user: "carol", text: "dark mode" });
    expect(readFileSync(store, "utf8")).toContain("dark mode");
  });
});

describe("rivumi memory defaults", () => {
  it("finds the store in RIVUMI_MEMORY_FILE, else under XDG_DATA_HOME, else ~/.local/share", () => {
    expect(defaultStorePath({ RIVUMI_MEMORY_FILE: "/x/m.jsonl", XDG_DATA_HOME: "/d" })).toBe(
      "/x/m.jsonl",
    );
    expect(defaultStorePath({ XDG_DATA_HOME: "/d", HOME: "/h" })).toBe("/d/rivumi/memory.jsonl");
    expect(defaultStorePath({ XDG_DATA_HOME: "relative", HOME: "/h" })).toBe(
      "/h/.local/share/rivumi/memory.jsonl",
    );
    expect(defaultStorePath({ HOME: "/h" })).toBe("/h/.local/share/rivumi/memory.jsonl");
  });

  it("uses the default store and $USER when no options are given", async () => {
    const env = { XDG_DATA_HOME: join(dir, "data"), USER: "dora" };
    const { out } = await cli(["add", "--type", "pref", "--text", "hi", "--project", "p"], env);
    expect(JSON.parse(out)).toMatchObject({ user: "dora" });
    expect(readFileSync(join(dir, "data", "rivumi", "memory.jsonl"), "utf8")).toBe(out);
  });

  it.each([
    ["git@github.com:acme/widgets.git", "acme/widgets"],
    ["https://github.com/acme/widgets", "acme/widgets"],
    ["https://x-access-token:abc@github.com/acme/widgets.git/", "acme/widgets"],
    ["ssh://git@github.example.com:2222/acme/widgets.git", "acme/widgets"],
    ["/srv/git/widgets.git", undefined],
    ["file:///srv/git/acme/widgets.git", undefined],
    ["../widgets", undefined],
  ])("reads the project of remote %s", (url, project) => {
    expect(projectFromRemote(url)).toBe(project);
  });

  it("takes the project from the origin remote, else the repository folder name", async () => {
    const repo = join(dir, "my-repo");
    mkdirSync(join(repo, "src"), { recursive: true });
    await execa("git", ["init", "-q", repo]);
    expect(await defaultProject(join(repo, "src"))).toBe("my-repo");
    await execa("git", ["-C", repo, "remote", "add", "origin", "git@github.com:acme/widgets.git"]);
    expect(await defaultProject(join(repo, "src"))).toBe("acme/widgets");
    const { out } = await cli(
      ["add", "--type", "fact", "--text", "t", "--store", store],
      {
        USER: "alice",
      },
      join(repo, "src"),
    );
    expect(JSON.parse(out)).toMatchObject({ project: "acme/widgets" });
    const plain = join(dir, "not-a-repo");
    mkdirSync(plain);
    expect(await defaultProject(plain)).toBe("not-a-repo");
  });
});
