import { appendFile, mkdir, open, readFile, rm, stat } from "node:fs/promises";
import { dirname } from "node:path";
import { serializeRow, type MemoryRow } from "../../memory-store/record.js";
import { hasRow } from "../../memory-store/parse.js";
import { MemoryStoreError, type AppendResult, type MemoryStore } from "../../memory-store/store.js";
import { errorText } from "../../util/error-text.js";

export interface FileStoreOptions {
  /** How long an append waits for another writer's lock before giving up. */
  lockTimeoutMs?: number;
  /** A lock older than this was left by a writer that died; it is removed. */
  staleLockMs?: number;
}

const codeOf = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A local JSONL file. Appends take an exclusive lock file (`<file>.lock`, created with `wx`), so
 * the duplicate check and the write are one step and concurrent writers never interleave, lose
 * or repeat a line; the line itself is one `O_APPEND` write.
 */
export function createFileStore(path: string, opts: FileStoreOptions = {}): MemoryStore {
  const lockPath = `${path}.lock`;
  const lockTimeoutMs = opts.lockTimeoutMs ?? 10_000;
  const staleLockMs = opts.staleLockMs ?? 30_000;

  async function read(): Promise<string> {
    try {
      return await readFile(path, "utf8");
    } catch (error) {
      if (codeOf(error) === "ENOENT") return "";
      throw new MemoryStoreError("io", `reading ${path}: ${errorText(error)}`, { cause: error });
    }
  }

  async function lock(): Promise<void> {
    const deadline = Date.now() + lockTimeoutMs;
    for (let wait = 2; ; wait = Math.min(wait * 2, 50)) {
      try {
        const handle = await open(lockPath, "wx", 0o600);
        await handle.writeFile(`${process.pid}\n`);
        await handle.close();
        return;
      } catch (error) {
        if (codeOf(error) !== "EEXIST") {
          throw new MemoryStoreError("io", `locking ${path}: ${errorText(error)}`, {
            cause: error,
          });
        }
      }
      // A writer that crashed leaves its lock behind; one that old cannot still be writing.
      const held = await stat(lockPath).catch(() => undefined);
      if (held && Date.now() - held.mtimeMs > staleLockMs) {
        await rm(lockPath, { force: true });
        continue;
      }
      if (Date.now() > deadline) {
        throw new MemoryStoreError(
          "locked",
          `${path} stayed locked for ${lockTimeoutMs} ms; if no rivumi process is running, remove ${lockPath}`,
        );
      }
      await sleep(wait * (0.5 + Math.random()));
    }
  }

  return {
    source: path,
    read,
    async append(row: MemoryRow): Promise<AppendResult> {
      try {
        await mkdir(dirname(path), { recursive: true });
      } catch (error) {
        throw new MemoryStoreError("io", `creating ${dirname(path)}: ${errorText(error)}`, {
          cause: error,
        });
      }
      await lock();
      try {
        const text = await read();
        if (hasRow(text, row.id)) return { attempts: 1, duplicate: true };
        const separator = text === "" || text.endsWith("\n") ? "" : "\n";
        await appendFile(path, `${separator}${serializeRow(row)}\n`, { mode: 0o600 });
        return { attempts: 1, duplicate: false };
      } catch (error) {
        if (error instanceof MemoryStoreError) throw error;
        throw new MemoryStoreError("io", `appending to ${path}: ${errorText(error)}`, {
          cause: error,
        });
      } finally {
        await rm(lockPath, { force: true });
      }
    },
  };
}
