// Scores `rivumi triage` on the development sets and prints one row per set: the real labelled
// logs (gha-logs, ci-logs), the hand-written fixtures, and the development cases by kind of miss
// (test/triage/cases/<kind>.txt). R@1: the first candidate overlaps the cause; R@5: one of the
// first five does; step@5: one of the first five lies in the failing step; lines: the summed
// length of the first five, per log.
//
// Usage: npx tsx scripts/triage-eval.ts [--verbose] [--only <set>] [--cases-only] [--write <dir>]
//   --verbose     every log of the shown sets, with its top five candidates and their lines
//   --only <set>  only this row's logs in the listing (gha-logs, ci-logs, fixtures, a kind)
//   --cases-only  skip the real sets (gha-logs, ci-logs), which live outside the repository
//   --write <dir> also write each case's rendered job log into <dir>, to run `rivumi triage` on
// The real sets are read from $RIVUMI_TRIAGE_DATA, else ../shared/data beside the repository; when
// they are missing the script says where it looked and exits with status 2.
import { mkdirSync } from "node:fs";
import { parseArgs } from "node:util";
import { scoreDevCases, writeDevCases } from "../test/triage/dev-cases.js";
import {
  devDataDir,
  scoreCiLogs,
  scoreFixtures,
  scoreGhaLogs,
  type LogScore,
  type SetScore,
} from "../test/triage/dev-sets.js";

const { values } = parseArgs({
  options: {
    verbose: { type: "boolean", default: false },
    only: { type: "string" },
    "cases-only": { type: "boolean", default: false },
    write: { type: "string" },
  },
});

const sets: SetScore[] = [];
const problems: string[] = [];
if (!values["cases-only"]) {
  for (const set of [await scoreGhaLogs(), await scoreCiLogs()]) {
    if (set.logs.length === 0) problems.push(`${set.name}: no labelled logs found`);
    else if (set.missing.length > 0)
      problems.push(`${set.name}: ${set.missing.length} labelled logs have no log file`);
    sets.push(set);
  }
}
sets.push(await scoreFixtures(), ...(await scoreDevCases()));
if (values.write) {
  mkdirSync(values.write, { recursive: true });
  process.stdout.write(
    `wrote ${writeDevCases(values.write).length} case logs to ${values.write}\n`,
  );
}

if (values.verbose || values.only)
  for (const set of sets.filter((s) => !values.only || s.name === values.only)) listLogs(set);
process.stdout.write(table(sets));

if (problems.length > 0) {
  process.stderr.write(
    `\ntriage-eval: the real dev sets are incomplete in ${devDataDir()}:\n` +
      problems.map((p) => `  - ${p}\n`).join("") +
      "Point $RIVUMI_TRIAGE_DATA at a copy of shared/data (gha-logs/, ci-logs/), or pass " +
      "--cases-only to score only the cases in the repository.\n",
  );
  process.exitCode = 2;
}

function table(rows: readonly SetScore[]): string {
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`.padStart(7);
  const head = `${"set".padEnd(12)} ${"logs".padStart(5)} ${"R@1".padStart(7)} ${"R@5".padStart(7)} ${"step@5".padStart(7)} ${"lines".padStart(6)}\n`;
  const line = (s: SetScore) =>
    s.logs.length === 0
      ? `${s.name.padEnd(12)} ${"0".padStart(5)}   (no logs: data missing)\n`
      : `${s.name.padEnd(12)} ${String(s.logs.length).padStart(5)} ${pct(s.firstRate)} ${pct(s.shownRate)} ` +
        `${pct(s.stepRate)} ${s.avgLinesShown.toFixed(1).padStart(6)}\n`;
  const cases = rows.filter((s) => !["gha-logs", "ci-logs", "fixtures"].includes(s.name));
  const all = cases.flatMap((s) => s.logs);
  const total: SetScore = {
    name: "all kinds",
    logs: all,
    missing: [],
    firstRate: rate(all, (l) => l.firstHit),
    shownRate: rate(all, (l) => l.shownHit),
    stepRate: rate(all, (l) => l.stepHit),
    avgLinesShown: all.reduce((n, l) => n + l.linesShown, 0) / Math.max(1, all.length),
  };
  return head + rows.map(line).join("") + (cases.length > 1 ? line(total) : "");
}

function rate(logs: readonly LogScore[], ok: (l: LogScore) => boolean): number {
  return logs.length === 0 ? 0 : logs.filter(ok).length / logs.length;
}

function listLogs(set: SetScore): void {
  process.stdout.write(`== ${set.name}\n`);
  for (const log of set.logs) {
    const mark = (ok: boolean) => (ok ? "✓" : "·");
    const labels = log.labels.map((l) => `${l.start}-${l.end}`).join(",");
    process.stdout.write(
      `${mark(log.stepHit)}${mark(log.firstHit)}${mark(log.shownHit)} ${log.name.padEnd(40)} ` +
        `labels ${labels.padEnd(22)} shown ${String(log.linesShown).padStart(3)}  ` +
        log.result.candidates
          .slice(0, 5)
          .map((c) => `${c.start_line}-${c.end_line}:${c.kind}:${c.score}`)
          .join(" ") +
        "\n",
    );
    if (values.verbose)
      for (const c of log.result.candidates.slice(0, 5))
        for (const [i, text] of c.lines.entries())
          process.stdout.write(`      ${c.start_line + i}: ${text.slice(0, 150)}\n`);
  }
  process.stdout.write("\n");
}
