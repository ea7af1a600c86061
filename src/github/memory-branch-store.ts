import { hasRow } from "../memory-store/parse.js";
import { serializeRow, type MemoryRow } from "../memory-store/record.js";
import type { AppendResult, MemoryStore } from "../memory-store/store.js";
import { createBranchFile, type BranchFileOptions } from "./branch-file.js";

export const MEMORY_FILE = "memory.jsonl";

export type BranchStoreOptions = Omit<BranchFileOptions, "path">;

/**
 * `memory.jsonl` on a branch, appended with compare-and-swap on the branch head (`branch-file.ts`):
 * a row already stored is not written again, so the same row offered twice, even at the same
 * moment, is stored once, and an append never rewrites what was there.
 */
export function createBranchStore(opts: BranchStoreOptions): MemoryStore {
  const file = createBranchFile({ ...opts, path: MEMORY_FILE });
  return {
    source: file.source,
    read: () => file.read(),
    async append(row: MemoryRow): Promise<AppendResult> {
      const what = row.type === "forget" ? `forget ${row.target}` : `remember ${row.id}`;
      const done = await file.updateBytes((raw) => {
        if (hasRow(raw.toString("utf8"), row.id)) return undefined;
        // A file that ends without a newline (a truncated write) gets one before the new row.
        const last = raw.at(-1);
        const separator = last === undefined || last === 0x0a ? "" : "\n";
        return Buffer.concat([raw, Buffer.from(`${separator}${serializeRow(row)}\n`, "utf8")]);
      }, `rivumi: ${what}`);
      return { attempts: done.attempts, duplicate: !done.written };
    },
  };
}
