// Scores triageLog on the two labelled dev sets in shared/data (gha-logs, ci-logs). Used by the
// dev-set test, the bench and scripts/triage-eval.ts. A log counts as explained by the failing
// step when a shown candidate lies in the step that holds the labelled cause, and by the cause
// when a candidate overlaps a labelled range.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { SHOWN } from "../../src/triage/candidates.js";
import { triageLog, type TriageResult } from "../../src/triage/index.js";

export interface Range {
  start: number;
  end: number;
}

export interface LogScore {
  name: string;
  /** One of the shown candidates lies in the failing step. */
  stepHit: boolean;
  /** The first candidate overlaps a labelled range. */
  firstHit: boolean;
  /** One of the shown candidates overlaps a labelled range. */
  shownHit: boolean;
  linesShown: number;
  result: TriageResult;
  labels: Range[];
}

export interface SetScore {
  name: string;
  logs: LogScore[];
  /** Logs whose file is missing from the copy of the data. */
  missing: string[];
  stepRate: number;
  firstRate: number;
  shownRate: number;
  avgLinesShown: number;
}

const here = dirname(fileURLToPath(import.meta.url));

/** Where the dev data lives: $RIVUMI_TRIAGE_DATA, else shared/data beside the repository. */
export function devDataDir(): string {
  return process.env.RIVUMI_TRIAGE_DATA ?? resolve(here, "../../../shared/data");
}

const overlaps = (a: Range, b: Range) => a.start <= b.end && b.start <= a.end;

/** Scores one log against its labelled ranges; the first range's step is the failing step. */
export async function scoreLog(name: string, path: string, labels: Range[]): Promise<LogScore> {
  const result = await triageLog(path);
  const shown = result.candidates
    .slice(0, SHOWN)
    .map((c) => ({ start: c.start_line, end: c.end_line }));
  const cause = labels[0]!;
  const step = result.steps.find((s) => s.start_line <= cause.start && cause.start <= s.end_line);
  return {
    name,
    stepHit:
      step !== undefined &&
      shown.some((c) => overlaps(c, { start: step.start_line, end: step.end_line })),
    firstHit: shown.length > 0 && labels.some((l) => overlaps(shown[0]!, l)),
    shownHit: shown.some((c) => labels.some((l) => overlaps(c, l))),
    linesShown: shown.reduce((n, c) => n + c.end - c.start + 1, 0),
    result,
    labels,
  };
}

/** The rates of a set of scored logs. */
export function summarise(name: string, logs: LogScore[], missing: string[]): SetScore {
  const rate = (ok: (l: LogScore) => boolean) =>
    logs.length === 0 ? 0 : logs.filter(ok).length / logs.length;
  return {
    name,
    logs,
    missing,
    stepRate: rate((l) => l.stepHit),
    firstRate: rate((l) => l.firstHit),
    shownRate: rate((l) => l.shownHit),
    avgLinesShown: logs.length === 0 ? 0 : logs.reduce((n, l) => n + l.linesShown, 0) / logs.length,
  };
}

/** gha-logs: `<case>/log.txt` and `label.json` with `\n`-counted ranges. */
export async function scoreGhaLogs(dir = join(devDataDir(), "gha-logs")): Promise<SetScore> {
  const logs: LogScore[] = [];
  const missing: string[] = [];
  for (const name of caseDirs(dir, "label.json")) {
    const log = join(dir, name, "log.txt");
    if (!existsSync(log)) {
      missing.push(name);
      continue;
    }
    const label = JSON.parse(readFileSync(join(dir, name, "label.json"), "utf8")) as {
      ranges: Range[];
    };
    logs.push(await scoreLog(name, log, label.ranges));
  }
  return summarise("gha-logs", logs, missing);
}

/** ci-logs: `<case>/fail.log` and `truth.json`, whose ranges count a bare `\r` as a line end. */
export async function scoreCiLogs(dir = join(devDataDir(), "ci-logs")): Promise<SetScore> {
  const logs: LogScore[] = [];
  const missing: string[] = [];
  for (const name of caseDirs(dir, "truth.json")) {
    const log = join(dir, name, "fail.log");
    if (!existsSync(log)) {
      missing.push(name);
      continue;
    }
    const truth = JSON.parse(readFileSync(join(dir, name, "truth.json"), "utf8")) as {
      error_ranges: [number, number][];
    };
    const toNewlineLine = universalToNewlineLines(readFileSync(log, "utf8"));
    const labels = truth.error_ranges.map(([s, e]) => ({
      start: toNewlineLine[s - 1] ?? s,
      end: toNewlineLine[e - 1] ?? e,
    }));
    logs.push(await scoreLog(name, log, labels));
  }
  return summarise("ci-logs", logs, missing);
}

/** The hand-written fixtures of test/triage/fixtures with their `labels.json`. */
export async function scoreFixtures(dir = join(here, "fixtures")): Promise<SetScore> {
  const labels = JSON.parse(readFileSync(join(dir, "labels.json"), "utf8")) as Record<
    string,
    { cause: [number, number] }
  >;
  const logs: LogScore[] = [];
  for (const [name, label] of Object.entries(labels))
    logs.push(
      await scoreLog(name, join(dir, name), [{ start: label.cause[0], end: label.cause[1] }]),
    );
  return summarise("fixtures", logs, []);
}

/** Index i holds the `\n`-counted line of universal line i + 1 (`\r\n`, `\r` and `\n` end lines). */
export function universalToNewlineLines(text: string): number[] {
  const out: number[] = [];
  text.split("\n").forEach((line, i) => {
    const bareCr = (line.match(/\r/g)?.length ?? 0) - (line.endsWith("\r") ? 1 : 0);
    for (let k = 0; k <= bareCr; k++) out.push(i + 1);
  });
  return out;
}

/**
 * Every real job log of the dev sets (gha-logs `log.txt`, ci-logs `fail.log` and `pass.log`), in
 * a fixed order; empty when the data is absent.
 */
export function realLogPaths(dir = devDataDir()): string[] {
  const out: string[] = [];
  for (const [set, names] of [
    ["gha-logs", ["log.txt"]],
    ["ci-logs", ["fail.log", "pass.log"]],
  ] as const) {
    const root = join(dir, set);
    if (!existsSync(root)) continue;
    for (const name of readdirSync(root).sort())
      for (const file of names) {
        const path = join(root, name, file);
        if (existsSync(path)) out.push(path);
      }
  }
  return out;
}

function caseDirs(dir: string, marker: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(dir, d.name, marker)))
    .map((d) => d.name)
    .sort();
}

/** One line per figure, for test output and the eval script. */
export function formatScore(s: SetScore): string {
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
  const missing =
    s.missing.length > 0 ? ` (${s.missing.length} logs missing from the data copy)` : "";
  return (
    `${s.name}: ${s.logs.length} logs${missing}; failing step in top ${SHOWN} ${pct(s.stepRate)}; ` +
    `cause first ${pct(s.firstRate)}, in top ${SHOWN} ${pct(s.shownRate)}; ` +
    `lines shown ${s.avgLinesShown.toFixed(1)} per log`
  );
}
