import { RequestError } from "@octokit/request-error";
import OpenAI from "openai";
import { describe, expect, it } from "vitest";
import { errorText } from "../../src/util/error-text.js";
import { PhaseError } from "../../src/util/phase.js";

const request = { method: "GET" as const, url: "https://api.github.test/x", headers: {} };

describe("errorText", () => {
  const cases: Array<[string, unknown, RegExp]> = [
    ["an Error", new Error("disk full"), /^disk full$/],
    ["a string", "went wrong", /^went wrong$/],
    ["the run's timeout reason", { rivumi: "timeout" }, /time limit \(timeout-minutes\)/],
    ["the run's cancellation reason", { rivumi: "cancelled" }, /^the run was cancelled$/],
    ["an unknown stop reason", { rivumi: "other" }, /^the run was stopped \(other\)$/],
    ["an object with a message", { message: "quota exceeded", code: 7 }, /^quota exceeded$/],
    [
      "an object with a message and a status",
      { message: "nope", status: 418 },
      /^nope \(HTTP 418\)$/,
    ],
    ["a plain object", { code: "E_STALL", retry: false }, /^\{"code":"E_STALL","retry":false\}$/],
    ["an empty object", {}, /^an error of type Object without a message$/],
    ["undefined", undefined, /^no error detail \(undefined\)$/],
    ["null", null, /^no error detail \(null\)$/],
    ["a number", 42, /^42$/],
    ["an Error without a message", new TypeError(""), /^TypeError$/],
    ["an abort", new DOMException("This operation was aborted", "AbortError"), /aborted/],
    [
      "Octokit's RequestError",
      new RequestError("Not Found", 404, { request }),
      /^Not Found \(HTTP 404\)$/,
    ],
    [
      "openai's APIError",
      OpenAI.APIError.generate(429, { error: { message: "slow down" } }, undefined, new Headers()),
      /^429 slow down$/,
    ],
    [
      "a generic error explained by its cause",
      new TypeError("fetch failed", { cause: new Error("connect ECONNREFUSED 127.0.0.1:9") }),
      /^fetch failed \(connect ECONNREFUSED 127\.0\.0\.1:9\)$/,
    ],
    [
      "a phase error around a plain object",
      new PhaseError("run", { rivumi: "timeout" }),
      /^run: the run reached its time limit/,
    ],
  ];
  it.each(cases)("describes %s", (_name, thrown, expected) => {
    const text = errorText(thrown);
    expect(text).toMatch(expected);
    expect(text).not.toContain("[object Object]");
  });

  it("bounds a large object and survives a cyclic one", () => {
    expect(errorText({ blob: "x".repeat(5000) }).length).toBeLessThan(600);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(errorText(cyclic)).toBe("an error of type Object without a message");
  });

  it("does not repeat a cause the message already holds", () => {
    const inner = new Error("socket hang up");
    expect(errorText(new Error("upload: socket hang up", { cause: inner }))).toBe(
      "upload: socket hang up",
    );
  });
});
