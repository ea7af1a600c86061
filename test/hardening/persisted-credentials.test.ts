// Class: the runner's checkout keeps its token in `.git/config` (`persist-credentials: true`,
// an `http.<url>.extraheader` with the token in base64). Nothing of it reaches the model or any
// output, whatever the model reads.
import { afterEach, describe, expect, it } from "vitest";
import { createActionWorld, FULL, PR, type ActionWorld } from "../support/action-world.js";
import { sh } from "../support/git-fixture.js";
import { displayedLog, leaks, TOKEN, uploadedJournal } from "./helpers.js";

let world: ActionWorld | undefined;
afterEach(async () => {
  world?.github.assertNoViolations();
  await world?.close();
  world = undefined;
});

describe("a checkout with persisted credentials", () => {
  it("keeps the extraheader's token out of every model request and output", async () => {
    world = await createActionWorld({
      token: TOKEN,
      script: [
        { toolCalls: [{ name: "read_file", arguments: { path: ".git/config" } }] },
        { toolCalls: [{ name: "read_file", arguments: { path: "../../../../.git/config" } }] },
        { toolCalls: [{ name: "list_files", arguments: { path: ".git" } }] },
        { toolCalls: [{ name: "submit_review", arguments: { summary: "ok", findings: [] } }] },
      ],
    });
    const basic = Buffer.from(`x-access-token:${TOKEN}`).toString("base64");
    await sh(
      world.git.checkout,
      "config",
      "--local",
      "http.https://github.com/.extraheader",
      `AUTHORIZATION: basic ${basic}`,
    );
    const run = await world.run();
    expect(run.exitCode).toBe(0);
    const texts: Record<string, string> = {
      "model requests": JSON.stringify(world.model.requests.map((r) => r.body)),
      comment: world.github.issueComments(FULL, PR)[0]?.body ?? "",
      summary: run.summary,
      journal: uploadedJournal(world).text,
      log: displayedLog(run.stdout + run.stderr),
    };
    for (const [where, text] of Object.entries(texts)) {
      expect(text.includes(basic), `${where} holds the extraheader`).toBe(false);
      expect(leaks(text, TOKEN), where).toBeUndefined();
    }
  });
});
