// Where a triage's annotations land and what they say: the repository file and line the log names
// near the evidence, never a file outside the repository, at most 10 of each level.
import { describe, expect, it } from "vitest";
import { locationIn, triageAnnotations } from "../../src/triage/annotations.js";
import type { TriageDigest, TriageEvidence, TriageJob } from "../../src/outcome/outcome.js";

function evidence(lines: string[], over: Partial<TriageEvidence> = {}): TriageEvidence {
  return {
    startLine: 412,
    endLine: 412 + lines.length - 1,
    step: "Run pylint models",
    kind: "lint",
    lines,
    url: "https://github.com/acme/app/actions/runs/1/job/2#step:3:12",
    ...over,
  };
}

function job(name: string, items: TriageEvidence[]): TriageJob {
  return {
    id: 2,
    name,
    conclusion: "failure",
    url: "https://github.com/acme/app/actions/runs/1/job/2",
    failedStep: { number: 3, name: "Run pylint models" },
    signature: "abc",
    evidence: items,
    log: { bytes: 100, cut: undefined },
    diff: undefined,
    notes: [],
  };
}

describe("locationIn", () => {
  it.each([
    ['  File "/home/runner/work/app/app/pkg/mod.py", line 31, in test_x', "pkg/mod.py", 31],
    ["src/cart.ts(12,5): error TS2322: Type 'string' is not assignable", "src/cart.ts", 12],
    ["[ERROR] /__w/app/app/core/src/Main.java:[40,8] cannot find symbol", "core/src/Main.java", 40],
    ["models/flows.py:112:0: C0303: Trailing whitespace", "models/flows.py", 112],
    ["    at Object.<anonymous> (src/cart.test.ts:42:27)", "src/cart.test.ts", 42],
    [String.raw`D:\a\app\app\lib\io.rs:7:3: error`, "lib/io.rs", 7],
    [String.raw`D:\a\app\app\src\x.ts(9,2): error TS2304`, "src/x.ts", 9],
    [String.raw`  at D:\a\app\app\test\y.test.js:5:1`, "test/y.test.js", 5],
  ])("finds the repository file in %s", (line, file, at) => {
    expect(locationIn(line)).toEqual({ file, line: at });
  });

  it.each([
    "    at Module._compile (node:internal/modules/cjs/loader:1554:14)",
    "    at run (/home/runner/work/app/app/node_modules/vitest/dist/run.js:10:2)",
    '  File "/opt/hostedtoolcache/Python/3.12/lib/python3.12/site-packages/_pytest/x.py", line 9',
    "../outside/file.c:3: error: nope",
    "/usr/include/stdio.h:12:1: note: declared here",
    "Tests: 1 failed, 41 passed",
  ])("names no file for %s", (line) => {
    expect(locationIn(line)).toBeUndefined();
  });
});

describe("triageAnnotations", () => {
  it("puts an error on the named line, saying both the header and the line that names it", () => {
    const lint = evidence(
      [
        "************* Module models.flows",
        "models/flows.py:112:0: C0303: Trailing whitespace (trailing-whitespace)",
        "models/flows.py:118:0: C0303: Trailing whitespace (trailing-whitespace)",
      ],
      { location: { file: "models/flows.py", line: 112 } },
    );
    const [annotation, ...rest] = triageAnnotations([job("lint", [lint])], undefined);
    expect(rest).toEqual([]);
    expect(annotation).toEqual({
      level: "error",
      title: "Rivumi triage: lint · Run pylint models",
      message:
        "************* Module models.flows · models/flows.py:112:0: C0303: Trailing whitespace (trailing-whitespace) (log lines 412-414)",
      file: "models/flows.py",
      line: 112,
    });
  });

  it("says the first line alone when that line names the place, or when none quoted does", () => {
    const named = evidence(["src/a.ts(3,1): error TS1005: ';' expected."], {
      location: { file: "src/a.ts", line: 3 },
    });
    const beyond = evidence(["  ● cart › applies the discount", "    Expected: 90"], {
      startLine: 500,
      endLine: 501,
      location: { file: "src/cart.test.ts", line: 42 },
    });
    const messages = triageAnnotations([job("build", [named, beyond])], undefined).map(
      (a) => a.message,
    );
    expect(messages).toEqual([
      "src/a.ts(3,1): error TS1005: ';' expected. (log lines 412-412)",
      "● cart › applies the discount (log lines 500-501)",
    ]);
  });

  it("gives a job whose log names no file one annotation, on its best evidence", () => {
    const best = evidence(["npm error code ERESOLVE"], { kind: "dependency" });
    const next = evidence(["##[error]Process completed with exit code 1."], { startLine: 430 });
    const annotations = triageAnnotations([job("install", [best, next])], undefined);
    expect(annotations).toEqual([
      expect.objectContaining({ message: "npm error code ERESOLVE (log lines 412-412)" }),
    ]);
    expect(annotations[0]).not.toHaveProperty("file");
  });

  it("keeps one error per place and at most 10 per level; warns only on the repository's files", () => {
    const many = Array.from({ length: 14 }, (_, i) =>
      evidence([`src/f${i}.c:${i + 1}: error: boom`], {
        startLine: 100 + i,
        location: { file: `src/f${i}.c`, line: i + 1 },
      }),
    );
    const again = evidence(["src/f0.c:1: error: boom"], {
      startLine: 300,
      location: { file: "src/f0.c", line: 1 },
    });
    const digest: TriageDigest = {
      rootCause: "The build breaks on a missing header.",
      category: "build",
      evidence: [],
      files: [
        { path: "src/f1.c", line: 2 },
        { path: "/usr/include/stdio.h", line: 1 },
        { path: "node_modules/x/index.js", line: undefined },
        { path: "include/api.h", line: undefined },
      ],
      nextStep: "",
      model: "m",
    };
    const annotations = triageAnnotations([job("build", [...many, again])], digest);
    const errors = annotations.filter((a) => a.level === "error");
    expect(errors).toHaveLength(10);
    expect(errors.filter((a) => a.file === "src/f0.c")).toHaveLength(1);
    expect(annotations.filter((a) => a.level === "warning")).toEqual([
      {
        level: "warning",
        title: "Rivumi triage: likely at fault",
        message: "The build breaks on a missing header.",
        file: "src/f1.c",
        line: 2,
      },
      {
        level: "warning",
        title: "Rivumi triage: likely at fault",
        message: "The build breaks on a missing header.",
        file: "include/api.h",
      },
    ]);
  });
});
