import * as z from "zod";
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
 * Reads a child's reply: one JSON object (bare or in a ```json fence). Anything else is not a
 * review of the batch, and its hunks do not count as examined.
 */
export function parseChildReply(text: string): ChildFinding[] | undefined {
  const fenced = /```(?:json)?\s*\n([\s\S]*?)\n```/.exec(text)?.[1];
  for (const candidate of [text.trim(), fenced?.trim()]) {
    if (!candidate?.startsWith("{")) continue;
    try {
      const parsed = childReplySchema.safeParse(JSON.parse(candidate));
      if (parsed.success) return parsed.data.findings;
    } catch {
      // not JSON: try the next reading
    }
  }
  return undefined;
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
