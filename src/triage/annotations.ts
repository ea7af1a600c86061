// Annotations for a triaged run: an error per piece of evidence, on the file and line the log
// names near it when that is a file of the repository; a warning per file the digest blames.
import type { Annotation, TriageDigest, TriageJob } from "../outcome/outcome.js";

/** GitHub shows at most 10 annotations of each level per step. */
const PER_LEVEL = 10;
const MESSAGE_CHARS = 500;

const EXT = String.raw`[A-Za-z][A-Za-z0-9]{0,7}`;
/** A path, with a Windows runner's drive letter when it has one (`D:\a\repo\repo\src\x.ts`). */
const PATH = String.raw`(?:[A-Za-z]:)?[\w@+~.\/\\-]*?\w\.${EXT}`;
/** Where tools name a file and line: pytest, tsc, maven, and the common `path:line[:col]`. */
const LOCATIONS: readonly RegExp[] = [
  new RegExp(String.raw`File "(${PATH})", line (\d+)`),
  new RegExp(String.raw`(${PATH})\((\d+),\d+\)`),
  new RegExp(String.raw`(${PATH}):\[(\d+),\d+\]`),
  new RegExp(String.raw`(?:^|[\s(\[:'"])(${PATH}):(\d+)(?::\d+)?(?![\w/])`),
];
/** The runner's workspace (`/home/runner/work/<repo>/<repo>/`) and its Windows and container forms. */
const WORKSPACE =
  /^(?:\/home\/runner\/work|\/Users\/runner\/work|\/__w|[A-Za-z]:[\\/]a)[\\/][^\\/]+[\\/][^\\/]+[\\/]/;
const NOT_OURS = /(?:^|\/)(?:node_modules|site-packages|dist-packages|\.cargo|\.rustup|go\/pkg)\//;

/** The file (repository-relative) and line a log line names, if it names one of the repository's. */
export function locationIn(line: string): { file: string; line: number } | undefined {
  for (const re of LOCATIONS) {
    const m = re.exec(line);
    if (!m) continue;
    const file = repoPath(m[1]!);
    const at = Number(m[2]);
    if (file && at > 0) return { file, line: at };
  }
  return undefined;
}

function repoPath(raw: string): string | undefined {
  const path = raw.replace(/\\/g, "/").replace(WORKSPACE, "").replace(/^\.\//, "");
  if (path.startsWith("/") || path.includes("://") || /^[A-Za-z]:/.test(path)) return undefined;
  if (path.split("/").includes("..") || NOT_OURS.test(path)) return undefined;
  return path;
}

/** The run's annotations, at most 10 per level. */
export function triageAnnotations(
  jobs: readonly TriageJob[],
  digest: TriageDigest | undefined,
): Annotation[] {
  const errors: Annotation[] = [];
  for (const job of jobs) {
    const error = (e: TriageJob["evidence"][number], at?: { file: string; line: number }) => {
      errors.push({
        level: "error",
        title: `Rivumi triage: ${job.name} · ${e.step}`,
        message: `${headline(e, at)} (log lines ${e.startLine}-${e.endLine})`.slice(
          0,
          MESSAGE_CHARS,
        ),
        ...(at ? { file: at.file, line: at.line } : {}),
      });
    };
    const seen = new Set<string>();
    for (const e of job.evidence) {
      const at = e.location;
      if (!at || seen.has(`${at.file}:${at.line}`)) continue;
      seen.add(`${at.file}:${at.line}`);
      error(e, at);
    }
    // A job whose evidence names no file still gets one annotation: its best evidence.
    const best = job.evidence[0];
    if (seen.size === 0 && best) error(best);
  }
  const warnings: Annotation[] = (digest?.files ?? [])
    .flatMap((f) => {
      const file = repoPath(f.path);
      return file ? [{ file, line: f.line }] : [];
    })
    .slice(0, PER_LEVEL)
    .map((f) => ({
      level: "warning" as const,
      title: "Rivumi triage: likely at fault",
      message: digest!.rootCause.slice(0, MESSAGE_CHARS),
      file: f.file,
      ...(f.line !== undefined ? { line: f.line } : {}),
    }));
  return [...errors.slice(0, PER_LEVEL), ...warnings];
}

/**
 * What an annotation says: the evidence's first line and, when another of its lines names the
 * annotated place, that line too (a linter's `file:line: message` after a header, a test's frame).
 */
function headline(
  evidence: TriageJob["evidence"][number],
  at: { file: string; line: number } | undefined,
): string {
  const lines = evidence.lines.map((l) => l.trim());
  const first = lines.find((l) => l !== "") ?? evidence.kind;
  const naming = at
    ? lines.find((l) => {
        const found = locationIn(l);
        return found?.file === at.file && found.line === at.line;
      })
    : undefined;
  return naming && naming !== first ? `${first} · ${naming}` : first;
}
