// Reading the store's JSONL text: which rows are valid, and whether a row is already there.
import { memoryRowSchema, type MemoryRow } from "./record.js";

/** The valid rows of a store in append order, and how many rows were skipped. */
export interface ParsedStore {
  rows: MemoryRow[];
  skipped: number;
  /** Why each skipped row was skipped, by 1-based line number. */
  problems: { line: number; reason: string }[];
}

/**
 * Reads JSONL text: a leading byte-order mark is ignored, blank lines are not rows, and a row that
 * does not parse, does not validate or reuses the id of an earlier valid row is skipped and counted.
 */
export function parseStore(text: string): ParsedStore {
  const rows: MemoryRow[] = [];
  const problems: ParsedStore["problems"] = [];
  const seen = new Set<string>();
  const lines = text.replace(/^\uFEFF/, "").split("\n");
  lines.forEach((raw, index) => {
    const line = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
    if (line.trim() === "") return;
    const skip = (reason: string) => problems.push({ line: index + 1, reason });
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      return skip("not JSON");
    }
    const parsed = memoryRowSchema.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return skip(`invalid: ${issue?.path.join(".") || "(row)"} ${issue?.message ?? ""}`.trim());
    }
    if (seen.has(parsed.data.id)) return skip(`duplicate id ${parsed.data.id}`);
    seen.add(parsed.data.id);
    rows.push(parsed.data);
  });
  return { rows, skipped: problems.length, problems };
}

/** Whether a valid row with this id is already stored (the idempotency check of every append). */
export function hasRow(text: string, id: string): boolean {
  // Ids need no escaping in JSON, so a store that does not contain the quoted id has no such row.
  if (!text.includes(JSON.stringify(id))) return false;
  return parseStore(text).rows.some((r) => r.id === id);
}
