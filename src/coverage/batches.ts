/**
 * The open hunks grouped into batches for child model calls: a directory's hunks together where
 * they fit, each batch within `maxChars`, important directories first (see `orderForReview`).
 */
import type { CoverageLedger, LedgerFile } from "./ledger.js";
import { orderForReview } from "./order.js";

export interface BatchItem {
  id: string;
  path: string;
  /** Upper bound of the characters the hunk takes in a batch, its heading included. */
  chars: number;
}

export interface Batch {
  /** Directories of the batch's files ("." for the root), for the instructions that govern them. */
  dirs: string[];
  items: BatchItem[];
  chars: number;
  /**
   * One hunk too long for a batch: send it as the parts `hunkParts(index, id, maxChars)` gives,
   * one request each, marked `{ id, part: k, of: n }`; it counts once every part is answered.
   */
  split: boolean;
}

export interface BatchOptions {
  /** Most characters of hunk text (headings included) in one batch. */
  maxChars: number;
  /** Also batch hunks already in a request that has not settled. Default false. */
  includePending?: boolean;
}

/** How many recent batches a directory that fits is tried against before opening a new one. */
const OPEN_BATCHES = 8;

export function planBatches(ledger: CoverageLedger, options: BatchOptions): Batch[] {
  const groups = directoryGroups(ledger, options);
  const batches: Batch[] = [];
  const fresh = (): Batch => {
    const batch: Batch = { dirs: [], items: [], chars: 0, split: false };
    batches.push(batch);
    return batch;
  };
  const add = (batch: Batch, dir: string, item: BatchItem) => {
    batch.items.push(item);
    batch.chars += item.chars;
    if (batch.dirs.at(-1) !== dir) batch.dirs.push(dir);
  };
  for (const { dir, items } of groups) {
    const whole = items.filter((i) => i.chars <= options.maxChars);
    for (const big of items.filter((i) => i.chars > options.maxChars))
      batches.push({ dirs: [dir], items: [big], chars: big.chars, split: true });
    const total = whole.reduce((sum, i) => sum + i.chars, 0);
    if (whole.length === 0) continue;
    if (total <= options.maxChars) {
      const target =
        batches.slice(-OPEN_BATCHES).find((b) => !b.split && b.chars + total <= options.maxChars) ??
        fresh();
      for (const item of whole) add(target, dir, item);
      continue;
    }
    let current = fresh();
    for (const item of whole) {
      if (current.chars + item.chars > options.maxChars) current = fresh();
      add(current, dir, item);
    }
  }
  for (const batch of batches) batch.dirs.sort();
  return batches;
}

function directoryGroups(
  ledger: CoverageLedger,
  options: BatchOptions,
): { dir: string; items: BatchItem[] }[] {
  const open = new Map<number, BatchItem[]>();
  const includePending = options.includePending ?? false;
  for (const hunk of ledger.openHunks({ includePending })) {
    const file = ledger.files[hunk.file]!;
    const items = open.get(hunk.file) ?? [];
    items.push({ id: hunk.id, path: file.path, chars: hunk.bytes + headingAllowance(file) });
    open.set(hunk.file, items);
  }
  const groups = new Map<string, BatchItem[]>();
  const files = orderForReview([...open.keys()].map((i) => ({ ...ledger.files[i]!, i })));
  for (const file of files) {
    const dir = dirOf(file.path);
    const group = groups.get(dir) ?? [];
    for (const item of open.get(file.i)!) group.push(item);
    groups.set(dir, group);
  }
  return [...groups].map(([dir, items]) => ({ dir, items }));
}

/**
 * Room for the pager's heading `### hunk <id> <status> <path> (from <old path>)` and a newline
 * (hunk lengths are bytes, never fewer than the characters they decode to). Paths are shown cut
 * to 120 characters, escaped when they hold control characters (at most 6 per character).
 */
export function headingAllowance(file: Pick<LedgerFile, "path" | "oldPath">): number {
  const shown = (path: string) => Math.min(6 * path.length + 2, 120);
  return 50 + shown(file.path) + (file.oldPath !== undefined ? 8 + shown(file.oldPath) : 0);
}

export function dirOf(path: string): string {
  const slash = path.lastIndexOf("/");
  return slash < 0 ? "." : path.slice(0, slash);
}
