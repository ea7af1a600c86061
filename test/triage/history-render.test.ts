// The history's lines in the triage comment, from report data: the lead for the first failed job,
// a line of its own for a job that failed differently, the warning after the lead, and a failure
// of the store in place of the history.
import { describe, expect, it } from "vitest";
import type {
  TriageJob,
  TriageReport,
  TriageSeen,
  TriageSignatureHistory,
} from "../../src/outcome/outcome.js";
import { renderTriageBody } from "../../src/triage/publish.js";

const RUNS = "https://github.com/acme/widgets/actions/runs";

const job = (id: number, signature: string): TriageJob => ({
  id,
  name: `job ${id}`,
  conclusion: "failure",
  url: `${RUNS}/77/job/${id}`,
  failedStep: undefined,
  signature,
  evidence: [],
  log: { bytes: 10, cut: undefined },
  diff: undefined,
  notes: [],
});

const seen = (run: number, branch: string, fork?: string): TriageSeen => ({
  at: "2025-07-01T08:00:00.000Z",
  run,
  attempt: 1,
  branch,
  fork,
  onDefault: branch === "main" && !fork,
  pulls: [],
  url: `${RUNS}/${run}/attempts/1`,
});

const history = (
  signature: string,
  over: Partial<TriageSignatureHistory>,
): TriageSignatureHistory => ({
  signature,
  days: 30,
  failures: 1,
  firstSeen: seen(77, "feature"),
  branches: [{ name: "feature", fork: undefined }],
  passedOnRerun: 0,
  passedOnDefault: 0,
  flaky: false,
  isNew: true,
  lastOnDefault: undefined,
  ...over,
});

const report = (over: Partial<TriageReport>): TriageReport => ({
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
    url: `${RUNS}/77`,
  },
  signature: "5ca1ab1e5ca1ab1e",
  jobs: [job(1, "aaaa000011112222"), job(2, "bbbb000011112222")],
  cancelled: [],
  digest: undefined,
  digestNote: "no model is configured",
  ...over,
});

describe("the history in the triage comment", () => {
  it("leads with the first job's history and gives a job that failed differently its own line", () => {
    const text = renderTriageBody(
      report({
        history: {
          recorded: true,
          source: "acme/widgets@rivumi-memory:triage-history.jsonl",
          defaultBranch: "main",
          baseGreen: undefined,
          signatures: [
            history("aaaa000011112222", {
              failures: 4,
              passedOnRerun: 3,
              flaky: true,
              isNew: false,
              firstSeen: seen(10, "main"),
              branches: [
                { name: "feature", fork: undefined },
                { name: "patch-1", fork: "mallory/widgets" },
                { name: "main", fork: undefined },
              ],
              lastOnDefault: seen(10, "main"),
            }),
            history("bbbb000011112222", { firstSeen: { ...seen(77, "feature"), pulls: [7] } }),
          ],
        },
      }),
      "> [!WARNING]\n> the log of job 3 could not be read\n\n",
    );
    const lines = text.split("\n");
    expect(lines[0]).toBe(
      `**Known flaky** (failed 4 times in 30 days, passed on re-run 3 times) · first seen 2025-07-01 on \`main\` ([run 10](${RUNS}/10/attempts/1)) · branches \`feature\`, \`mallory:patch-1\`, \`main\`. Also failed on \`main\`: [run 10](${RUNS}/10/attempts/1) on 2025-07-01.`,
    );
    expect(lines.slice(1, 4)).toEqual(["", "> [!WARNING]", "> the log of job 3 could not be read"]);
    // The second job's section carries its own line; the first job's does not repeat the lead.
    const second = text.slice(text.indexOf("**Job [job 2]"));
    expect(second.split("\n")[2]).toBe("**New failure**, first seen on this pull request.");
    expect(text.match(/Known flaky/g)).toHaveLength(1);
  });

  it("says why there is no history in its place", () => {
    const text = renderTriageBody(
      report({
        history: {
          recorded: false,
          source: "acme/widgets@rivumi-memory:triage-history.jsonl",
          reason: "it could not be read (Server Error (HTTP 500))",
        },
      }),
    );
    expect(text.split("\n")[0]).toBe(
      "_No failure history in `acme/widgets@rivumi-memory:triage-history.jsonl`: it could not be read (Server Error (HTTP 500))._",
    );
  });

  it("says nothing of a history where none is kept", () => {
    expect(renderTriageBody(report({})).split("\n")[0]).toMatch(/^Run \[77\]/);
  });
});
