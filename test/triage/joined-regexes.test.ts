// The gates of rule-index.ts (a regex runs only on lines holding the literals it needs) only skip
// work: on every real job log of the dev sets (when shared/data is present) and every fixture, the
// triage with them gives the same candidates, signature and steps as the triage that runs every
// regex one by one.
import { readdirSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { triageLog } from "../../src/triage/index.js";
import { joinedRegexes } from "../../src/triage/rule-index.js";
import { devDataDir, realLogPaths } from "./dev-sets.js";

const here = dirname(fileURLToPath(import.meta.url));
const fixtures = readdirSync(join(here, "fixtures"))
  .filter((f) => f.endsWith(".log"))
  .sort()
  .map((f) => join(here, "fixtures", f));

async function bothWays(path: string) {
  joinedRegexes.enabled = false;
  const plain = await triageLog(path);
  joinedRegexes.enabled = true;
  joinedRegexes.after = 0; // gates from the first line, even on a short log
  const joined = await triageLog(path);
  return { plain, joined };
}

describe("joined regexes change no triage result", () => {
  afterEach(() => {
    joinedRegexes.enabled = true;
    joinedRegexes.after = 2000;
  });

  it("on the fixtures", async () => {
    expect(fixtures.length).toBeGreaterThan(30);
    for (const path of fixtures) {
      const { plain, joined } = await bothWays(path);
      expect(joined, relative(here, path)).toEqual(plain);
    }
  });

  it("on every real job log of the dev sets", async (ctx) => {
    const logs = realLogPaths();
    if (logs.length === 0) {
      const why = `no real job logs in ${devDataDir()}; set $RIVUMI_TRIAGE_DATA to a copy of shared/data`;
      process.stdout.write(`skipped ${why}\n`);
      ctx.skip(why);
    }
    let candidates = 0;
    for (const path of logs) {
      const { plain, joined } = await bothWays(path);
      expect(joined, relative(devDataDir(), path)).toEqual(plain);
      candidates += plain.candidates.length;
    }
    expect(candidates).toBeGreaterThan(logs.length);
  }, 60_000);
});
