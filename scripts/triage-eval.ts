// Prints triage results per log and the aggregate figures for both dev sets.
// Usage: npx tsx scripts/triage-eval.ts [--verbose]   (data: $RIVUMI_TRIAGE_DATA or ../shared/data)
import { formatScore, scoreCiLogs, scoreGhaLogs, type SetScore } from "../test/triage/dev-sets.js";

const verbose = process.argv.includes("--verbose");

function report(set: SetScore): void {
  for (const log of set.logs) {
    const mark = (ok: boolean) => (ok ? "✓" : "·");
    const labels = log.labels.map((l) => `${l.start}-${l.end}`).join(",");
    process.stdout.write(
      `${mark(log.stepHit)}${mark(log.firstHit)}${mark(log.shownHit)} ${log.name.padEnd(44)} ` +
        `labels ${labels.padEnd(28)} shown ${String(log.linesShown).padStart(3)}  ` +
        log.result.candidates
          .slice(0, 5)
          .map((c) => `${c.start_line}-${c.end_line}:${c.kind}:${c.score}`)
          .join(" ") +
        "\n",
    );
    if (verbose)
      for (const c of log.result.candidates.slice(0, 5))
        for (const [i, line] of c.lines.entries())
          process.stdout.write(`      ${c.start_line + i}: ${line.slice(0, 150)}\n`);
  }
  if (set.missing.length > 0) process.stdout.write(`missing: ${set.missing.join(", ")}\n`);
  process.stdout.write(`${formatScore(set)}\n\n`);
}

report(await scoreGhaLogs());
report(await scoreCiLogs());
