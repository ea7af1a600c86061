// The README's first command: `npm run demo` runs the bundled action on a sample pull request and
// prints paths that still exist when it has ended, and the comment as a terminal can show it.
import { execa } from "execa";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ROOT } from "../support/action-run.js";

let out: string | undefined;
afterEach(() => {
  if (out) rmSync(out, { recursive: true, force: true });
  out = undefined;
});

describe("npm run demo", () => {
  it("prints result and journal paths that survive it, and the comment without raw markup", async () => {
    out = mkdtempSync(join(tmpdir(), "rivumi-demo-"));
    const env: Record<string, string | undefined> = { ...process.env, RIVUMI_DEMO_OUT: out };
    delete env.OPENAI_BASE_URL;
    delete env.OPENAI_API_KEY;
    const run = await execa("npx", ["tsx", "scripts/demo.ts"], {
      cwd: ROOT,
      env,
      extendEnv: false,
      reject: false,
      timeout: 120_000,
    });
    expect(run.exitCode, run.stderr).toBe(0);
    const printed = JSON.parse(
      /=== exit code 0; outputs ===\n(\{[\s\S]*?\n\})/.exec(run.stdout)![1]!,
    );
    expect(printed["result-file"]).toBe(join(out, "result.json"));
    expect(printed["journal-file"]).toBe(join(out, "journal.jsonl"));
    // The run is over and its temporary folder gone; the printed files are still there.
    expect(JSON.parse(readFileSync(printed["result-file"], "utf8")).conclusion).toBe("success");
    expect(existsSync(printed["journal-file"])).toBe(true);
    expect(run.stdout).toContain("Examined 2 of 2 hunks");
    expect(run.stdout).not.toMatch(/<!--|<details>|<\/?sub>/);
  });
});
