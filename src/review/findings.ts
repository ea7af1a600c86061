import * as z from "zod";
import { replyShape, type ReadResult, type ReplyShape } from "../model/structured.js";
import type { Finding } from "../outcome/review.js";

/** What a child reviewer returns for its batch of hunks. */
export const childFindingSchema = z.object({
  path: z.string().min(1),
  line: z.number().int().positive(),
  start_line: z.number().int().positive().optional(),
  side: z.enum(["RIGHT", "LEFT"]).default("RIGHT"),
  severity: z.enum(["critical", "major", "minor", "nit"]),
  title: z.string().min(1).max(200),
  body: z.string().min(1),
  quote: z.string().default(""),
  replacement: z.string().optional(),
});

export const childReplySchema = z.object({
  findings: z.array(childFindingSchema).default([]),
});

export type ChildFinding = z.infer<typeof childFindingSchema>;

/**
 * What a child reviewer is asked for: `response_format` carries the strict schema made from
 * `childReplySchema`, and a reply that is a bare array of findings is read as `{findings: [...]}`.
 */
export const childReplyShape: ReplyShape<z.output<typeof childReplySchema>> = replyShape(
  "review_findings",
  childReplySchema,
  { bareArray: "findings" },
);

/**
 * Reads a child's reply: the one findings object it holds (bare, in one fenced block, or among
 * sentences; a bare array of findings too), or why it holds none that can be taken. A reply
 * that is not one is not a review of the batch, and its hunks do not count as examined.
 */
export function readChildReply(text: string): ReadResult<ChildFinding[]> {
  const read = childReplyShape.read(text);
  return read.ok ? { ok: true, value: read.value.findings } : read;
}

const norm = (s: string) => s.toLowerCase().replace(/\s+/g, " ").trim();

/** One finding per place and problem: the same path, line, side and quoted text, or title. */
export function dedupeFindings(findings: readonly ChildFinding[]): ChildFinding[] {
  const seen = new Set<string>();
  const out: ChildFinding[] = [];
  for (const f of findings) {
    const key = [f.path, f.line, f.side, norm(f.quote) || norm(f.title)].join("\u0000");
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(f);
  }
  return out;
}

/** A child's finding as the review shows it. */
export function toFinding(f: ChildFinding): Finding {
  return {
    path: f.path,
    line: f.line,
    ...(f.start_line !== undefined && f.start_line < f.line ? { start_line: f.start_line } : {}),
    side: f.side,
    severity: f.severity,
    title: f.title,
    body: f.body,
    ...(f.quote !== "" ? { quote: f.quote } : {}),
    ...(f.replacement !== undefined ? { replacement: f.replacement } : {}),
  };
}
