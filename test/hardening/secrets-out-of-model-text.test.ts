// Class: no secret reaches a model, in any text of any request (system prompt, task, pull
// request text, tool results, the model's own earlier arguments), so no model can learn one to
// write it in an encoding the output redaction does not know.
import { afterEach, describe, expect, it } from "vitest";
import { createOpenAIModel } from "../../src/model/openai-model.js";
import { Redactor } from "../../src/redact/redactor.js";
import { createActionWorld, type ActionWorld } from "../support/action-world.js";
import { startModelServer } from "../support/model-server.js";
import { API_KEY, encodings, leaks, TOKEN } from "./helpers.js";

let world: ActionWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

describe("secrets kept out of every model-bound text", () => {
  it("masks the secrets in every message of every kind before the adapter sends it", async () => {
    const server = await startModelServer([{ content: "ok" }]);
    const redactor = new Redactor();
    redactor.add(TOKEN);
    const model = createOpenAIModel({
      baseUrl: server.url,
      apiKey: "k",
      model: "m",
      redact: (text) => redactor.redact(text),
    });
    const hidden = encodings(TOKEN)["split by zero-width spaces"];
    await model.complete(
      [
        { role: "system", content: `rules ${TOKEN}` },
        { role: "user", content: [{ type: "text", text: `task ${hidden}` }] },
        {
          role: "assistant",
          content: null,
          tool_calls: [
            {
              id: "c1",
              type: "function",
              function: { name: "read_file", arguments: JSON.stringify({ path: TOKEN }) },
            },
          ],
        },
        {
          role: "tool",
          tool_call_id: "c1",
          content: `file: ${encodings(TOKEN)["hex, lower case"]}`,
        },
      ],
      [],
      new AbortController().signal,
    );
    const sent = JSON.stringify(server.requests[0]!.body.messages);
    expect(leaks(sent, TOKEN)).toBeUndefined();
    expect(sent.match(/\*\*\*/g)?.length).toBe(4);
    // The model's own arguments stay valid JSON.
    const args = (
      server.requests[0]!.body.messages[2] as { tool_calls: { function: { arguments: string } }[] }
    ).tool_calls[0]!.function.arguments;
    expect(JSON.parse(args)).toEqual({ path: "***" });
    server.assertDone();
    await server.close();
  });

  it("sends no secret from the pull request's text, its files or its diff through the bundled action", async () => {
    world = await createActionWorld({
      token: TOKEN,
      apiKey: API_KEY,
      prBody: `Deploy with ${TOKEN} or ${encodings(API_KEY)["base64 of base64"]}.`,
      headFiles: {
        "src/app.ts": "export const answer = 42;\n",
        "src/config.ts": `export const key = "${API_KEY}";\nexport const t = "${encodings(TOKEN)["HTML hex references"]}";\n`,
      },
      script: [
        { toolCalls: [{ name: "git_diff", arguments: {} }] },
        { toolCalls: [{ name: "read_file", arguments: { path: "src/config.ts" } }] },
        { toolCalls: [{ name: "submit_review", arguments: { summary: "ok", findings: [] } }] },
      ],
    });
    const run = await world.run();
    expect(run.outputs.conclusion).toBe("success");
    expect(world.model.requests).toHaveLength(3);
    for (const request of world.model.requests) {
      const sent = JSON.stringify(request.body);
      for (const secret of [TOKEN, API_KEY])
        expect(leaks(sent, secret), `request ${request.index}`).toBeUndefined();
    }
    // What was masked was sent, masked: the file's lines are there.
    const last = JSON.stringify(world.model.requests[2]!.body.messages);
    expect(last).toContain('export const key = \\"***\\"');
    world.model.assertDone();
  });
});
