import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startModelServer, type ModelServer } from "../support/model-server.js";
import { runCli } from "./support/cli.js";

let dir: string | undefined;
let model: ModelServer | undefined;
afterEach(async () => {
  await model?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = model = undefined;
});

describe("rivumi rlm from the bundle", () => {
  it("finds dist/driver.py and answers with the documented JSON", async () => {
    dir = mkdtempSync(join(tmpdir(), "rivumi-rlm-dist-"));
    const input = join(dir, "build.log");
    writeFileSync(input, "ok\n".repeat(1000) + "ERROR: disk full on /var\n" + "ok\n".repeat(1000));
    model = await startModelServer([
      { content: '```repl\nhits = search(r"ERROR")\nprint(len(hits), hits[0]["line"])\n```' },
      {
        content:
          '```repl\nfinalize(f"line {hits[0][\'line\']}: disk full", confidence="high")\n```',
      },
    ]);
    const run = await runCli(
      [
        "rlm",
        "--input",
        input,
        "--question",
        "Why did it fail?",
        "--json",
        "--journal",
        join(dir, "j.jsonl"),
      ],
      { env: { OPENAI_BASE_URL: model.url, OPENAI_API_KEY: "sk-rlm", RIVUMI_MODEL: "m" } },
    );
    expect(run.stderr).toBe("");
    const out = JSON.parse(run.stdout);
    expect(out).toMatchObject({
      answer: "line 1001: disk full",
      confidence: "high",
      iterations: 2,
      child_calls: 0,
      coverage: null,
    });
    expect(Object.keys(out).sort()).toEqual([
      "answer",
      "child_calls",
      "confidence",
      "coverage",
      "iterations",
      "journal",
      "root_max_prompt_chars",
      "usage",
    ]);
    expect(model.requests[1]!.body.messages.at(-1)?.content).toContain("1 1001");
    model.assertDone();
  });
});
