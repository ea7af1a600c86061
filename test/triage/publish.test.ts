import { describe, expect, it } from "vitest";
import type { Outcome, TriageJob, TriageReport, TriageResult } from "../../src/outcome/outcome.js";
import { COMMENT_LIMIT, MARKER_ROOM } from "../../src/markdown/limits.js";
import { renderTriageBody, renderTriageComment } from "../../src/triage/publish.js";
import { titleText } from "../../src/triage/publish-text.js";

const JOB_URL = "https://github.com/acme/widgets/actions/runs/77/job/501";

const job = (over: Partial<TriageJob> = {}): TriageJob => ({
  id: 501,
  name: "test",
  conclusion: "failure",
  url: JOB_URL,
  failedStep: { number: 5, name: "Run npm test" },
  signature: "aaaa000011112222",
  evidence: [
    {
      startLine: 78,
      endLine: 80,
      step: "Run npm test",
      kind: "test",
      lines: ["  ● cart › applies the discount code", "", "    Expected: 90", "    Received: 100"],
      url: `${JOB_URL}#step:5:19`,
    },
  ],
  log: { bytes: 4096, cut: undefined },
  diff: undefined,
  notes: [],
  ...over,
});

const report = (over: Partial<TriageReport> = {}): TriageReport => ({
  repo: "acme/widgets",
  run: {
    id: 77,
    attempt: 1,
    workflow: "CI",
    path: ".github/workflows/ci.yml",
    event: "pull_request",
    headSha: "0123456789abcdef0123456789abcdef01234567",
    headBranch: "feature",
    conclusion: "failure",
    url: "https://github.com/acme/widgets/actions/runs/77",
  },
  signature: "5ca1ab1e5ca1ab1e",
  jobs: [job()],
  cancelled: [],
  digest: undefined,
  digestNote: "no model is configured",
  ...over,
});

const outcome = (triage: TriageReport, over: Partial<Outcome> = {}): Outcome<TriageResult> => ({
  conclusion: "success" as const,
  stop: undefined,
  note: undefined,
  stats: {
    turns: 0,
    usage: { promptTokens: 0, completionTokens: 0, cachedTokens: 0, reasoningTokens: 0 },
    costUsd: undefined,
    ms: 1200,
    model: "m",
  },
  journalName: "rivumi-journal-triage",
  notices: [],
  attachments: [],
  publications: [],
  ...over,
  result: { kind: "triage", report: triage },
});

describe("the triage comment", () => {
  it("says what failed, quotes the evidence with its link and line numbers, and signs it", () => {
    const text = renderTriageComment(outcome(report()));
    expect(text.split("\n")[0]).toBe("### Rivumi: CI failed");
    expect(text).toContain("Run [77](https://github.com/acme/widgets/actions/runs/77) attempt 1");
    expect(text).toContain(`[lines 78-80](${JOB_URL}#step:5:19) · test · step \`Run npm test\``);
    expect(text).toContain(
      "```text\n78 |   ● cart › applies the discount code\n79 |\n80 |     Expected: 90",
    );
    expect(text).toContain("_No model digest (no model is configured)");
    expect(text).toContain("<sub>Signature `5ca1ab1e5ca1ab1e`");
  });

  it("names timeouts and runs that did not start", () => {
    const timedOut = report({ run: { ...report().run, conclusion: "timed_out" } });
    expect(renderTriageComment(outcome(timedOut))).toMatch(/^### Rivumi: CI timed out/);
    const unstarted = report({ run: { ...report().run, conclusion: "startup_failure" }, jobs: [] });
    const text = renderTriageComment(outcome(unstarted));
    expect(text).toMatch(/^### Rivumi: CI did not start/);
    expect(text).toContain("No job started");
  });

  it("renders the digest with every model-written string inert", () => {
    const text = renderTriageBody(
      report({
        digest: {
          rootCause:
            "cc @octocat <!-- rivumi:sticky x --> <script>x</script> ![t](https://t.example/p.png)",
          category: "test",
          evidence: [
            {
              job: "test",
              step: "Run npm test",
              startLine: 78,
              endLine: 83,
              url: `${JOB_URL}#step:5:19`,
            },
          ],
          files: [
            { path: "src/cart.ts", line: 12 },
            { path: "weird`name.ts", line: undefined },
          ],
          nextStep: "::set-output name=x::y then fix it",
          model: "gpt-x",
        },
      }),
    );
    expect(text).toContain("#### Root cause · test");
    expect(text).not.toMatch(/(^|[^\w])@octocat/);
    expect(text).not.toContain("<!--");
    expect(text).not.toContain("<script>");
    // The image reads as text: its `](` is broken, and its address is no link.
    expect(text).not.toMatch(/!\[[^\]]*\]\(/);
    expect(text).not.toContain("https://t.example");
    expect(text).not.toMatch(/^::/m);
    expect(text).toContain("`src/cart.ts:12`");
    expect(text).toContain("``weird`name.ts``");
    expect(text).toContain(`[test · Run npm test · lines 78-83](${JOB_URL}#step:5:19)`);
    expect(text).toContain("Digest by gpt-x with the RLM engine");
  });

  it("shows a matrix's one failure once, the cancelled jobs, notes and the diff with the green run", () => {
    const text = renderTriageBody(
      report({
        jobs: [
          job({
            notes: ["The log is 9 bytes, over the limit"],
            diff: {
              runId: 70,
              runUrl: "https://github.com/acme/widgets/actions/runs/70",
              step: "Run npm test",
              lines: [{ line: 81, text: "    Expected: 90" }],
              truncated: false,
            },
          }),
          job({ id: 502, name: "test (22)", url: `${JOB_URL.slice(0, -3)}502` }),
        ],
        cancelled: ["test (macos)"],
      }),
    );
    expect(text.match(/\*\*Job /g)).toHaveLength(1);
    expect(text).toContain("(the same failure in [test (22)]");
    expect(text).toContain("> The log is 9 bytes, over the limit");
    expect(text).toContain(
      "New since the last green [run 70](https://github.com/acme/widgets/actions/runs/70)",
    );
    expect(text).toContain("81 |     Expected: 90");
    expect(text).toContain("Cancelled, most likely because another job failed: `test (macos)`.");
  });

  it("quotes in a fence no log line can close, and leaves out evidence a quote above shows", () => {
    const text = renderTriageBody(
      report({
        jobs: [
          job({
            evidence: [
              { ...job().evidence[0]!, lines: ["```", "~~~~", "````` five"] },
              { ...job().evidence[0]!, startLine: 79, endLine: 79, lines: ["inside"] },
            ],
          }),
        ],
      }),
    );
    expect(text).toContain("``````text\n78 | ```");
    expect(text).not.toContain("79 | inside");
  });

  it("stays under GitHub's comment limit, however many jobs failed", () => {
    const jobs = Array.from({ length: 300 }, (_, i) =>
      job({
        id: i,
        name: `job ${i}`,
        signature: `sig-${i}`,
        evidence: Array.from({ length: 5 }, (_, k) => ({
          ...job().evidence[0]!,
          startLine: 100 * k + 1,
          endLine: 100 * k + 12,
          lines: Array.from({ length: 12 }, () => "x".repeat(300)),
        })),
      }),
    );
    const text = renderTriageComment(outcome(report({ jobs })));
    expect(text.length).toBeLessThanOrEqual(COMMENT_LIMIT - MARKER_ROOM);
    expect(text).toContain("- **Job [job 39]");
    expect(text).toContain(
      "- …and 260 more failed jobs: see [the run](https://github.com/acme/widgets/actions/runs/77).",
    );
  });

  it("makes a title plain text", () => {
    expect(titleText("CI fails on main:\n@octocat \u202Eevil")).toBe(
      "CI fails on main: @\u200boctocat ⟦U+202E⟧evil",
    );
  });
});
