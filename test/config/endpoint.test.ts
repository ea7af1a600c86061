import { describe, expect, it } from "vitest";
import { modelConfigured, noModelMessage, safeUrl } from "../../src/config/endpoint.js";
import { cliSettings, requireModel } from "../../src/cli/bootstrap.js";
import { readCliEnv } from "../../src/cli/cli-run.js";
import { UsageError } from "../../src/cli/usage-error.js";

describe("whether a run has a model", () => {
  it.each([
    [undefined, "https://api.openai.com/v1", false],
    ["", "https://api.openai.com/v1", false],
    [undefined, "https://API.openai.com/v1/", false],
    [undefined, "https://api.openai.com", false],
    ["sk-1", "https://api.openai.com/v1", true],
    [undefined, "http://127.0.0.1:11434/v1", true],
    [undefined, "http://localhost:8080/v1", true],
    [undefined, "https://proxy.example.com/openai/v1", true],
  ])("key %j at %s: %s", (apiKey, baseUrl, configured) => {
    expect(modelConfigured({ apiKey, baseUrl })).toBe(configured);
  });

  it("says so in one line naming where the key comes from and the URL", () => {
    const line = noModelMessage("https://api.openai.com/v1", {
      key: "OPENAI_API_KEY",
      url: "OPENAI_BASE_URL",
    });
    expect(line).not.toContain("\n");
    expect(line).toMatch(
      /^no model configured: OPENAI_API_KEY is not set and OPENAI_BASE_URL is https:\/\/api\.openai\.com\/v1, which needs a key; nothing was sent\./,
    );
  });

  it("never shows a user name or password of the URL", () => {
    expect(safeUrl("https://me:pw@api.openai.com/v1")).toBe("https://api.openai.com/v1");
    expect(safeUrl("http://127.0.0.1:9/v1")).toBe("http://127.0.0.1:9/v1");
  });

  it("stops the CLI with a usage error when OpenAI's URL is given with an empty key", () => {
    const env = readCliEnv({ OPENAI_BASE_URL: "https://api.openai.com/v1", OPENAI_API_KEY: "" });
    expect(() => requireModel(cliSettings(env))).toThrow(UsageError);
    const keyless = readCliEnv({ OPENAI_BASE_URL: "http://127.0.0.1:11434/v1" });
    expect(() => requireModel(cliSettings(keyless))).not.toThrow();
  });
});
