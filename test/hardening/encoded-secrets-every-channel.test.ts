// Class: a secret the model writes in some encoding reaches no output channel (comment, step
// summary, outputs, result.json, journal and its page, log) in any form a reader would decode.
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createActionWorld, FULL, PR, type ActionWorld } from "../support/action-world.js";
import {
  API_KEY,
  displayedLog,
  encodings,
  leaks,
  readOr,
  runnerDir,
  TOKEN,
  uploadedJournal,
} from "./helpers.js";

let world: ActionWorld | undefined;
afterEach(async () => {
  world?.github.assertNoViolations();
  await world?.close();
  world = undefined;
});

const every = (secret: string) => Object.values(encodings(secret)).join("\n");

describe("encoded secrets through every output channel", () => {
  it("masks every encoding of the token and the key in comment, summary, outputs, result.json, journal, page and log", async () => {
    // The tool call's arguments carry the token as JSON \u escapes, as a model would write them.
    const escaped = [...TOKEN]
      .map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`)
      .join("");
    world = await createActionWorld({
      token: TOKEN,
      apiKey: API_KEY,
      script: [
        { toolCalls: [{ name: "read_file", arguments: `{"path":"src/app.ts#${escaped}"}` }] },
        {
          toolCalls: [
            {
              name: "submit_review",
              arguments: {
                summary: `Token forms:\n${every(TOKEN)}\nKey forms:\n${every(API_KEY)}`,
                findings: [
                  {
                    path: "src/app.ts",
                    line: 1,
                    severity: "critical",
                    body: `Leaked: ${encodings(TOKEN)["HTML hex references"]} and ${encodings(API_KEY)["split by markup"]}`,
                  },
                ],
              },
            },
          ],
        },
      ],
    });
    const run = await world.run();
    expect(run.exitCode).toBe(0);
    const [comment] = world.github.issueComments(FULL, PR);
    expect(comment?.body).toContain("***");
    const artifact = "rivumi-journal-review-1";
    const channels: Record<string, string> = {
      comment: comment?.body ?? "",
      summary: run.summary,
      outputs: JSON.stringify(run.outputs),
      "result.json": readOr(run.outputs["result-file"] ?? ""),
      "uploaded result.json": world.results.readArtifactFile(artifact, "result.json"),
      journal: uploadedJournal(world).text,
      "journal page": world.results.readArtifactFile(artifact, "journal.html"),
      "recorded requests": world.results.readArtifactFile(artifact, "requests.jsonl"),
      log: displayedLog(run.stdout + run.stderr),
      "output file": readOr(join(runnerDir(world), "output.txt")),
    };
    // The tool call is in the journal, its arguments masked rather than dropped.
    expect(channels.journal).toMatch(/"type":"tool.call"[^\n]*src\/app.ts#\*\*\*/);
    for (const [channel, text] of Object.entries(channels))
      for (const secret of [TOKEN, API_KEY])
        expect(leaks(text, secret), `${channel} leaks ${secret.slice(0, 6)}…`).toBeUndefined();
  });
});
