import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { run, USAGE } from "../../src/cli/journal-command.js";
import { UsageError } from "../../src/cli/usage-error.js";
import { journalText, tempDir, type TempDir } from "../journal/fixtures.js";
import { reviewJournal } from "./run-journals.js";

let tmp: TempDir;
let out: string[];
beforeEach(() => {
  tmp = tempDir();
  out = [];
  vi.spyOn(process.stdout, "write").mockImplementation((s) => (out.push(String(s)), true));
  vi.spyOn(process.stderr, "write").mockImplementation(() => true);
});
afterEach(() => {
  vi.restoreAllMocks();
  tmp.remove();
});

const journal = () => tmp.write("journal.jsonl", journalText(reviewJournal()));

describe("rivumi journal view", () => {
  it("writes the page beside the journal, or where -o says, or to stdout with -o -", async () => {
    const path = journal();
    expect(await run(["view", path])).toBe(0);
    const page = join(tmp.dir, "journal.html");
    expect(readFileSync(page, "utf8")).toMatch(/^<!doctype html>/);
    expect(out.join("")).toMatch(/journal\.html \([\d.]+ KB, 23 events\)\n$/);
    expect(await run(["view", path, "-o", join(tmp.dir, "other.html")])).toBe(0);
    expect(existsSync(join(tmp.dir, "other.html"))).toBe(true);
    out.length = 0;
    expect(await run(["view", path, "-o", "-", "--prices", "0.4,1.6"])).toBe(0);
    expect(out.join("")).toContain('<script type="application/json" id="rivumi-data">');
  });

  it("prints the usage for --help", async () => {
    expect(await run(["view", "--help"])).toBe(0);
    expect(out.join("")).toBe(`${USAGE}\n`);
  });

  it.each([
    [[], /^a subcommand is required: view, stats or replay/],
    [["show"], /^unknown subcommand 'show'; expected view, stats or replay/],
    [["view"], /^JOURNAL is required/],
    [
      ["view", "/nonexistent/journal.jsonl"],
      /^JOURNAL \/nonexistent\/journal.jsonl: not a readable file$/,
    ],
    [["view", "J", "--json"], /unknown option '--json' for 'rivumi journal view'/],
    [
      ["stats", "J", "--prices", "cheap"],
      /^--prices cheap: expected IN,OUT in USD per million tokens/,
    ],
    [["replay", "J", "--model", "m"], /^--base-url URL is required for replay/],
    [
      ["replay", "J", "--base-url", "javascript:alert(1)", "--model", "m"],
      /^--base-url javascript:alert\(1\): expected an http\(s\) URL/,
    ],
    [["replay", "J", "--base-url", "http://127.0.0.1:1/v1"], /^--model M is required for replay/],
    [
      ["replay", "J", "--base-url", "http://x/v1", "--model", "m", "--limit", "0"],
      /^--limit 0: expected a whole number of at least 1/,
    ],
    [["stats", "J", "K"], /^unexpected argument 'K': give one JOURNAL/],
  ])("refuses %j with a usage error naming the argument", async (argv, message) => {
    const path = journal();
    const args = argv.map((a) => (a === "J" ? path : a));
    const error = await run(args).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).message).toMatch(message);
  });

  it("refuses (exit 2 in main) a file that is not a journal", async () => {
    const path = tmp.write("notes.txt", "not a journal\n");
    for (const sub of ["stats", "view"]) {
      const error = await run([sub, path]).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(UsageError);
      expect((error as Error).message).toMatch(/^JOURNAL .*: no journal events in 1 line \(/);
    }
  });
});
