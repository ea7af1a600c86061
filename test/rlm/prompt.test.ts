import { describe, expect, it } from "vitest";
import { RLM_SYSTEM_PROMPT as s } from "../../src/rlm/prompt.js";

// The contract of seed 003: the names and phrases its own tests check, in Rivumi's words.
describe("the RLM system prompt", () => {
  it("makes a ```repl block the only way to act", () => {
    expect(s).toContain("```repl");
    expect(s).toMatch(/exactly one ```repl block/);
  });

  it("walks through the five phases", () => {
    for (const phase of ["Load", "Orient", "Compute", "Recurse", "Converge"])
      expect(s).toContain(phase);
  });

  it("names every helper", () => {
    for (const name of [
      "peek",
      "search",
      "chunk",
      "chunk_coverage",
      "context_meta",
      "sub_query",
      "sub_query_batch",
      "sub_query_map",
      "sub_query_sequence",
      "sub_rlm",
      "finalize",
      "evaluate_progress",
      "SHOW_VARS",
      "repl_set",
      "repl_get",
    ])
      expect(s, name).toContain(`${name}(`);
  });

  it("binds the input to _context only, with its two aliases", () => {
    expect(s).toContain("`_ctx` and `content` are compatibility aliases");
    expect(s).toContain("There is no `context` or `ctx` variable");
    for (const banned of ["len(context)", "chunk_context", "llm_query", "rlm_query"])
      expect(s).not.toContain(banned);
  });

  it("ends only through finalize", () => {
    expect(s).toContain("finalize(value");
    for (const banned of ["FINAL_VAR", "FINAL(value)", "FINAL("]) expect(s).not.toContain(banned);
  });

  it("asks for deterministic counts and reported coverage", () => {
    for (const phrase of ["compute with Python", "include coverage", "chunks processed"])
      expect(s).toContain(phrase);
  });

  it("gates batches on an explicit independence assertion", () => {
    for (const phrase of [
      'dependency_mode="independent"',
      "sub_query_sequence",
      "database or schema migrations",
      "rollback-sensitive",
    ])
      expect(s).toContain(phrase);
  });

  it("keeps the state symbolic", () => {
    for (const phrase of ["symbolic recursion", "REPL variables", "Do not copy the whole input"])
      expect(s).toContain(phrase);
  });
});
