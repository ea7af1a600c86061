import { constants } from "node:fs";
import { open, type FileHandle } from "node:fs/promises";
import { checkBytes } from "./check-bytes.js";
import { rejected, type FileCheck } from "./types.js";

export type Opened =
  | { readonly kind: "open"; readonly handle: FileHandle }
  | { readonly kind: "missing" }
  | { readonly kind: "symlink" }
  | { readonly kind: "not-regular" };

/**
 * Opens without following a final symlink. O_NONBLOCK so that a FIFO cannot hang the open;
 * whether the file is regular is decided on the opened handle, never by a stat before the open.
 */
export async function openNoFollow(absolute: string): Promise<Opened> {
  try {
    const handle = await open(
      absolute,
      constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK,
    );
    return { kind: "open", handle };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return { kind: "missing" };
    if (code === "ELOOP") return { kind: "symlink" };
    // A socket cannot be opened at all; it is still not a regular file.
    if (code === "ENXIO" || code === "EOPNOTSUPP") return { kind: "not-regular" };
    throw error;
  }
}

/** Checks the opened file with fstat and reads at most `maxBytes + 1` bytes of it. */
export async function readOpened(handle: FileHandle, maxBytes: number): Promise<FileCheck> {
  const stat = await handle.stat();
  if (!stat.isFile()) return rejected("not-regular");
  // The size from fstat is only a hint: the file may grow, so the read itself is bounded too.
  if (stat.size > maxBytes) return rejected("too-large", stat.size);
  const buffer = Buffer.alloc(maxBytes + 1);
  let filled = 0;
  while (filled < buffer.length) {
    const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return checkBytes(buffer.subarray(0, filled), maxBytes, stat.size);
}

/**
 * Reads one file by absolute path under the file rules, checking only the final component:
 * for files outside a repository, such as the user's own instructions file.
 */
export async function readFileNoFollow(
  absolute: string,
  maxBytes: number,
): Promise<FileCheck | null> {
  const opened = await openNoFollow(absolute);
  if (opened.kind === "missing") return null;
  if (opened.kind !== "open") return rejected(opened.kind);
  try {
    return await readOpened(opened.handle, maxBytes);
  } finally {
    await opened.handle.close();
  }
}
