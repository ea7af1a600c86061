import { describe, expect, it } from "vitest";
import { CoverageLedger, type LedgerFile } from "../../src/coverage/ledger.js";
import {
  coverageJson,
  formatBytes,
  formatCount,
  renderCoverageLine,
} from "../../src/coverage/render.js";
import { decideFiles } from "../../src/coverage/rules.js";

/** A file with `n` hunks of `size` bytes each, ids `${index}:${k}`. */
function files(
  spec: [path: string, hunks: number, size?: number, binary?: boolean][],
): LedgerFile[] {
  return spec.map(([path, n, size = 100], i) => ({
    path,
    status: "modified",
    additions: n,
    deletions: 0,
    bytes: n * size,
    hunks: Array.from({ length: n }, (_, k) => ({ id: `${i}:${k}`, length: size })),
  }));
}

function ledgerOf(spec: Parameters<typeof files>[0]): CoverageLedger {
  const list = files(spec);
  const rules = decideFiles(
    list.map((f, i) => ({ path: f.path, bytes: f.bytes, binary: spec[i]![3] ?? false })),
  );
  return new CoverageLedger(list, rules.decisions);
}

describe("CoverageLedger", () => {
  it("counts a hunk only once a request carrying it is answered; a failure leaves it open", () => {
    const ledger = ledgerOf([
      ["src/a.ts", 2],
      ["src/b.ts", 1],
    ]);
    ledger.markSent(["0:0", "0:1"], "r1");
    ledger.markSent(["1:0"], "r2");
    expect(ledger.state("0:0")).toBe("pending");
    expect(ledger.report().hunks.examined).toBe(0);
    ledger.markFailed("r1");
    expect(ledger.markExamined("r2")).toBe(1);
    expect(ledger.state("0:0")).toBe("open");
    expect(ledger.state("1:0")).toBe("examined");
    let report = ledger.report();
    expect(report.complete).toBe(false);
    expect(report.hunks).toEqual({ total: 3, examined: 1, excluded: 0, notReached: 2 });
    expect(report.files).toEqual({ total: 2, examined: 1, excluded: 0, notReached: 1 });
    expect(report.notReached).toEqual({ paths: ["src/a.ts"], more: 0 });
    ledger.markSent(["0:0", "0:1"], "r3");
    ledger.markExamined("r3");
    report = ledger.report();
    expect(report.complete).toBe(true);
    expect(report.bytes).toEqual({ total: 300, examined: 300, excluded: 0, notReached: 0 });
  });

  it("counts a hunk sent in parts once every part is answered", () => {
    const ledger = ledgerOf([["big.ts", 1, 50_000]]);
    ledger.markSent([{ id: "0:0", part: 1, of: 3 }], "p1");
    ledger.markSent([{ id: "0:0", part: 2, of: 3 }], "p2");
    ledger.markSent([{ id: "0:0", part: 3, of: 3 }], "p3");
    ledger.markExamined("p1");
    ledger.markFailed("p2");
    expect(ledger.markExamined("p3")).toBe(0);
    expect(ledger.state("0:0")).toBe("open");
    ledger.markSent([{ id: "0:0", part: 2, of: 3 }], "p2-again");
    expect(ledger.markExamined("p2-again")).toBe(1);
    expect(ledger.report().complete).toBe(true);
    expect(() => ledger.markSent([{ id: "0:0", part: 4, of: 3 }], "bad")).toThrow(/not a part/);
    expect(() => ledger.markSent(["9:9"], "bad")).toThrow(/no hunk "9:9"/);
  });

  it("leaves excluded files out of the work and lists them per rule, bounded", () => {
    const ledger = ledgerOf([
      ["src/a.ts", 1],
      ["yarn.lock", 5],
      ["web/package-lock.json", 7],
      ["pnpm-lock.yaml", 1],
      ["logo.png", 0, 0, true],
    ]);
    expect(ledger.state("1:0")).toBe("excluded");
    ledger.markSent(["0:0", "1:0"], "r");
    ledger.markExamined("r");
    expect(ledger.state("1:0")).toBe("excluded");
    const report = ledger.report({ maxListed: 2 });
    expect(report.complete).toBe(true);
    expect(report.hunks).toEqual({ total: 14, examined: 1, excluded: 13, notReached: 0 });
    expect(report.files).toEqual({ total: 5, examined: 1, excluded: 4, notReached: 0 });
    expect(report.excluded).toEqual([
      {
        rule: "lock-file",
        files: 3,
        hunks: 13,
        paths: ["yarn.lock", "web/package-lock.json"],
        more: 1,
      },
      { rule: "binary", files: 1, hunks: 0, paths: ["logo.png"], more: 0 },
    ]);
    const json = coverageJson(report);
    expect(JSON.parse(JSON.stringify(json))).toEqual(json);
    expect(json.line).toBe(
      "Examined 1 of 1 hunk in 1 file (100 bytes); 4 files excluded by rule (lock files, binary)",
    );
  });

  it("lists what was not reached in review order: source, then tests, then docs", () => {
    const ledger = ledgerOf([
      ["README.md", 9],
      ["test/a.test.ts", 5],
      ["src/small.ts", 1],
      ["src/large.ts", 4],
    ]);
    expect(ledger.report({ maxListed: 3 }).notReached).toEqual({
      paths: ["src/large.ts", "src/small.ts", "test/a.test.ts"],
      more: 1,
    });
  });
});

describe("renderCoverageLine", () => {
  /** 21,504 examined files, 412 lock and binary files, 93,211 hunks of 552 bytes. */
  function big(): CoverageLedger {
    const spec: Parameters<typeof files>[0] = [];
    for (let i = 0; i < 21_504; i++) spec.push([`src/m${i % 50}/f${i}.ts`, i < 7_195 ? 5 : 4, 552]);
    for (let i = 0; i < 300; i++) spec.push([`p${i}/yarn.lock`, 1]);
    for (let i = 0; i < 112; i++) spec.push([`img/${i}.png`, 0, 0, true]);
    return ledgerOf(spec);
  }

  it("says everything was examined, with thousands separators and MB", () => {
    const ledger = big();
    const ids = ledger.files.flatMap((f) => f.hunks.map((h) => h.id));
    ledger.markSent(ids, "all");
    ledger.markExamined("all");
    const report = ledger.report();
    expect(report.hunks.total - report.hunks.excluded).toBe(93_211);
    expect(renderCoverageLine(report)).toBe(
      "Examined 93,211 of 93,211 hunks in 21,504 files (51.5 MB); 412 files excluded by rule (lock files, binary)",
    );
  });

  it("names the reason and the first files not examined when partial", () => {
    const ledger = big();
    const ids = ledger.files.flatMap((f) => f.hunks.map((h) => h.id)).slice(0, 4_100);
    ledger.markSent(ids, "some");
    ledger.markExamined("some");
    const line = renderCoverageLine(ledger.report(), { reason: "budget reached" });
    expect(line).toMatch(
      /^Examined 4,100 of 93,211 hunks: budget reached; not examined: src\/\S+\.ts, src\/\S+\.ts, src\/\S+\.ts and 20,681 more; 412 files excluded by rule \(lock files, binary\)$/,
    );
  });

  it("formats counts and sizes whatever the locale", () => {
    expect(formatCount(1234567)).toBe("1,234,567");
    expect(formatCount(999)).toBe("999");
    expect(formatBytes(512)).toBe("512 bytes");
    expect(formatBytes(51_480_000)).toBe("51.5 MB");
    expect(formatBytes(2_500)).toBe("2.5 KB");
  });
});
