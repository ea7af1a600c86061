import * as z from "zod";
import type { FindingPlacement, RecordedFinding } from "../journal/review-events.js";

export const findingSchema = z.object({
  path: z
    .string()
    .min(1)
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
    .regex(/^[^\u0000-\u001f\u007f`]+$/, "a file path without control characters or backticks")
    .describe("File path relative to the repository root, as in the diff."),
  line: z
    .number()
    .int()
    .positive()
    .describe("Head-side line number inside a diff hunk of that file."),
  start_line: z
    .number()
    .int()
    .positive()
    .optional()
    .describe("First line of a multi-line range, when the finding spans lines."),
  side: z
    .enum(["RIGHT", "LEFT"])
    .optional()
    .describe("RIGHT for added and context lines (head numbering), LEFT for removed lines (base)."),
  severity: z.enum(["critical", "major", "minor", "nit"]).describe("How much this matters."),
  title: z.string().min(1).max(200).optional().describe("A short name for the problem."),
  body: z.string().min(1).describe("What is wrong, why it matters, and how to fix it."),
  quote: z
    .string()
    .optional()
    .describe("The line at `line` exactly as the diff shows it, without its +/- sign."),
  replacement: z
    .string()
    .optional()
    .describe("Only for RIGHT lines: the new text of lines start_line..line, to offer as a fix."),
});

export const reviewSchema = z.object({
  summary: z
    .string()
    .min(1)
    .describe("What the change does and the overall verdict, in a few sentences of Markdown."),
  findings: z
    .array(findingSchema)
    .default([])
    .describe("Concrete problems, each anchored to a changed line."),
});

export type Finding = z.infer<typeof findingSchema>;
/** A finding that could not be placed on a line of the diff, and why. */
export type UnplacedFinding = Finding & { reason?: string };
export type Review = z.infer<typeof reviewSchema>;

const FENCED_JSON = /```(?:json)?\s*\n([\s\S]*?)\n```/g;

/**
 * Turns a model's plain-text final answer into a review: a JSON object (bare or fenced) that
 * matches the schema is taken as is; anything else becomes the summary with no findings.
 */
export function reviewFromText(text: string): Review {
  const candidates = [text.trim(), ...[...text.matchAll(FENCED_JSON)].map((m) => m[1] ?? "")];
  for (const candidate of candidates) {
    if (!candidate.startsWith("{")) continue;
    try {
      const parsed = reviewSchema.safeParse(JSON.parse(candidate));
      if (parsed.success) return parsed.data;
    } catch {
      // not JSON; fall through to the plain-text reading
    }
  }
  return { summary: text.trim() || "(the model returned an empty answer)", findings: [] };
}

/**
 * The journal's record of a run's findings and where each went: those in `inline` on their lines
 * (with the review's address), the other findings in the summary, and the unanchored ones listed
 * apart.
 */
export function recordedFindings(
  findings: readonly Finding[],
  unanchored: readonly Finding[],
  placed: { inline?: ReadonlySet<Finding>; url?: string | undefined } = {},
): RecordedFinding[] {
  const entry = (f: Finding, posted: FindingPlacement): RecordedFinding => ({
    path: f.path,
    line: f.line,
    ...(f.start_line !== undefined ? { start_line: f.start_line } : {}),
    severity: f.severity,
    body: f.body.slice(0, 4_000),
    posted,
    ...(posted === "inline" && placed.url ? { url: placed.url } : {}),
  });
  return [
    ...findings.map((f) => entry(f, placed.inline?.has(f) ? "inline" : "summary")),
    ...unanchored.map((f) => entry(f, "not anchored")),
  ];
}

/** What the review publication put on the lines, for the sticky comment. */
export interface InlineResult {
  /** The pull request review's address, when one was posted. */
  url: string | undefined;
  /** Comments posted on their lines. */
  posted: number;
  /** Findings at or above the minimum severity not posted on their lines, and why. */
  listed: Array<{ finding: Finding; reason: string }>;
  /** Findings below the minimum severity: counted only. */
  below: Finding[];
  /** Findings an earlier review of this pull request already put on their lines. */
  repeated: number;
  /** Why the last review's state in the comment was ignored, when it was. */
  notice?: string;
}

/** A finding on a line as the review state keeps it: short, with its quote only as a hash. */
export interface PostedFinding {
  /** The finding's fingerprint. */
  f: string;
  p: string;
  l: number;
  t: string;
  /** Hash of the quoted line; absent when the model quoted nothing. */
  q?: string | undefined;
}

/**
 * What Rivumi remembers between the reviews of one pull request (its codec, with the limits and
 * the validation, is `review/state.ts`).
 */
export interface ReviewState {
  v: 2;
  /** The head of the last review that examined everything it was given; absent if none did. */
  head?: string | undefined;
  /** The merge base that review was taken from. */
  base?: string | undefined;
  fingerprints: string[];
  posted: PostedFinding[];
  /** Findings people dismissed: never posted again (absent in states written before threads). */
  dismissed?: DismissedFinding[] | undefined;
}

/**
 * What a run learned, before its mode, of the last review of its pull request: the state when
 * Rivumi's comment carries a valid one, why it was ignored when it does not (`notice`), or that
 * the comment could not be read at all (`unread`, the error), in which case nothing is known.
 */
export interface LastReview {
  state?: ReviewState;
  notice?: string;
  unread?: string;
}

/**
 * A finding a person dismissed, as the review state keeps it: a hash of its file and its quoted
 * line (`dismissalKey`), so that the same problem on the same code is known again whatever its
 * severity or wording, and the state stays small.
 */
export type DismissedFinding = string;

/**
 * What a review decided about Rivumi's own review threads on its pull request, by the code
 * (`review/threads.ts`), never by a model; its publication carries it out.
 */
export interface ThreadPlan {
  /** Threads whose code was fixed: outdated, the quoted line gone from its place, no reply. */
  resolve: Array<{ id: string; path: string; line: number | null }>;
  /** One reply to a "fixed" claim whose quoted line is still at its place. */
  replies: Array<{ commentId: number; body: string }>;
  /** Findings people dismissed that the state learns this run. */
  dismissed: DismissedFinding[];
  /** Findings of this review left out because a person dismissed them before. */
  suppressed: number;
  /** Why the threads could not be read (nothing was tidied then). */
  unread?: string;
}

/** What the review did with its threads, for the comment's footer and `result.json`. */
export interface ThreadCounts {
  /** Threads resolved because their code was fixed. */
  resolved: number;
  /** "Fixed" claims answered because the quoted line is still there. */
  replied: number;
  /** Findings people dismissed in a thread that the state learned this run. */
  dismissals: number;
  /** Findings of this review left out because a person dismissed them before. */
  suppressed: number;
  /** Why the threads could not be read, when they could not. */
  unread?: string;
  /** Why resolving stopped for the run, when GitHub refused it (the review is published anyway). */
  refused?: string;
}
