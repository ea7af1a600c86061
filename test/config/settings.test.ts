import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { INPUT_NAMES, parseSettings, SettingsError } from "../../src/config/settings.js";

const reader =
  (values: Record<string, string>) =>
  (name: string): string =>
    values[name] ?? "";
const minimal = { "github-token": "ghs_abcdef123456", model: "gpt-test" };

describe("parseSettings", () => {
  it("applies the documented defaults and freezes the result", () => {
    const s = parseSettings(reader(minimal));
    expect(s).toMatchObject({
      baseUrl: "https://api.openai.com/v1",
      maxTurns: 30,
      maxTokens: 400_000,
      timeoutMinutes: 20,
      prices: undefined,
      reviewAuthors: "writers",
      allowBots: [],
      keepWorkspace: false,
    });
    expect(Object.isFrozen(s)).toBe(true);
  });

  it("reads every value in its expected form", () => {
    const s = parseSettings(
      reader({
        ...minimal,
        "base-url": "http://127.0.0.1:8080/v1/",
        "max-turns": "5",
        "max-tokens": "1000",
        "price-input-per-mtok": "2.5",
        "price-output-per-mtok": "10",
        "max-cost-usd": "0.5",
        "review-authors": "Everyone",
        "allow-bots": "dependabot[bot], Renovate[bot]",
        "keep-workspace": "TRUE",
      }),
    );
    expect(s.baseUrl).toBe("http://127.0.0.1:8080/v1");
    expect(s.prices).toEqual({ inputPerMTok: 2.5, outputPerMTok: 10 });
    expect(s.maxCostUsd).toBe(0.5);
    expect(s.reviewAuthors).toBe("everyone");
    expect(s.allowBots).toEqual(["dependabot[bot]", "renovate[bot]"]);
    expect(s.keepWorkspace).toBe(true);
  });

  it.each([
    [{ "max-turns": "zero" }, /input 'max-turns' \(got "zero"\): expected a whole number/],
    [{ "max-tokens": "-3" }, /input 'max-tokens'.*whole number/],
    [{ "review-authors": "anyone" }, /input 'review-authors'.*expected writers or everyone/],
    [{ "keep-workspace": "yes" }, /input 'keep-workspace'.*expected true or false/],
    [{ "base-url": "ftp://x" }, /input 'base-url'.*http\(s\) URL/],
    [{ "github-token": "" }, /input 'github-token': is required/],
    [
      { "price-input-per-mtok": "1" },
      /'price-input-per-mtok' and 'price-output-per-mtok' go together/,
    ],
    [{ "max-cost-usd": "1" }, /'max-cost-usd' needs/],
    [{ "comment-key": "my key!" }, /input 'comment-key' \(got "my key!"\): expected up to 100/],
    [{ "prompt-cache-key": "maybe" }, /input 'prompt-cache-key' \(got "maybe"\): expected auto/],
  ])("names the input and the expected form for %o", (bad, message) => {
    expect(() => parseSettings(reader({ ...minimal, ...bad }))).toThrow(SettingsError);
    expect(() => parseSettings(reader({ ...minimal, ...bad }))).toThrow(message);
  });

  it("never echoes a secret value in its error", () => {
    expect(() => parseSettings(reader({ ...minimal, "github-token": "   " }))).toThrow(
      /input 'github-token': is required/,
    );
  });

  it("reads the inline-comment inputs, with their defaults, and names a bad one", () => {
    expect(parseSettings(reader(minimal)).inline).toEqual({
      comments: true,
      minSeverity: "minor",
      resolveOutdated: true,
      maxComments: 25,
    });
    const s = parseSettings(
      reader({
        ...minimal,
        "inline-comments": "false",
        "min-severity": "Major",
        "max-inline-comments": "3",
        "resolve-outdated-threads": "false",
      }),
    );
    expect(s.inline).toEqual({
      comments: false,
      minSeverity: "major",
      maxComments: 3,
      resolveOutdated: false,
    });
    expect(() => parseSettings(reader({ ...minimal, "min-severity": "low" }))).toThrow(
      /input 'min-severity' \(got "low"\): expected critical, major, minor or nit/,
    );
  });

  it("reads the model wire inputs: cap name, reasoning effort and the cap's default", () => {
    const plain = parseSettings(reader(minimal));
    expect(plain).toMatchObject({
      tokenLimitParam: "auto",
      reasoningEffort: undefined,
      maxOutputTokens: 4_096,
      maxOutputTokensSet: false,
    });
    const reasoning = parseSettings(
      reader({ ...minimal, "reasoning-effort": "High", "token-limit-param": "max_tokens" }),
    );
    expect(reasoning).toMatchObject({
      tokenLimitParam: "max_tokens",
      reasoningEffort: "high",
      maxOutputTokens: 16_384,
      maxOutputTokensSet: false,
    });
    // An explicit cap wins over the reasoning default.
    const explicit = parseSettings(
      reader({ ...minimal, "reasoning-effort": "low", "max-output-tokens": "2000" }),
    );
    expect(explicit).toMatchObject({ maxOutputTokens: 2_000, maxOutputTokensSet: true });
    expect(() => parseSettings(reader({ ...minimal, "reasoning-effort": "extreme" }))).toThrow(
      /input 'reasoning-effort' \(got "extreme"\): expected minimal, low, medium or high/,
    );
    expect(() => parseSettings(reader({ ...minimal, "token-limit-param": "max" }))).toThrow(
      /input 'token-limit-param' \(got "max"\): expected auto, max_completion_tokens or max_tokens/,
    );
    expect(() => parseSettings(reader({ ...minimal, "max-output-tokens": "0" }))).toThrow(
      /input 'max-output-tokens' \(got "0"\): expected a whole number of at least 1/,
    );
  });

  it("covers exactly the inputs action.yml documents", () => {
    const yml = readFileSync(new URL("../../action.yml", import.meta.url), "utf8");
    const inputs = yml.slice(yml.indexOf("inputs:"), yml.indexOf("outputs:"));
    const declared = [...inputs.matchAll(/^ {2}([a-z-]+):$/gm)].map((m) => m[1]);
    expect(declared.sort()).toEqual([...INPUT_NAMES].sort());
    for (const name of declared)
      expect(inputs).toMatch(
        new RegExp(`  ${name}:\\n    description: .+\\n    required: false\\n    default:`),
      );
  });

  it("every input is documented in the README's inputs table", () => {
    const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
    const table = readme.slice(readme.indexOf("## Inputs"), readme.indexOf("## Outputs"));
    for (const name of INPUT_NAMES)
      expect(table, name).toMatch(new RegExp("\\| `" + name + "`\\s*\\|"));
  });
});
