// The log `rivumi triage` reads: a file, or standard input (`--log -`) copied to a temporary file
// first, since the scan reads the file in chunks and from its end. Either is refused when it is
// binary: a core dump or an archive would otherwise be "triaged" into nonsense.
import { closeSync, mkdtempSync, openSync, readSync, rmSync } from "node:fs";
import { open } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readableFileArg } from "./paths.js";
import { UsageError } from "./usage-error.js";

/** How much of the log's start the binary check reads. */
const SNIFF_BYTES = 64 * 1024;
/** More control bytes than this share of the sniffed bytes makes the file binary. */
const BINARY_SHARE = 0.01;

export interface LogInput {
  readonly path: string;
  /** Removes what reading the log made (the copy of standard input). */
  readonly dispose: () => void;
}

/** The log named by `--log`: a readable text file, or `-` for standard input. */
export async function openLogInput(value: string, signal: AbortSignal): Promise<LogInput> {
  if (value !== "-") {
    const path = readableFileArg("--log", value);
    refuseBinary(path, `--log ${value}`);
    return { path, dispose: () => undefined };
  }
  if (process.stdin.isTTY)
    throw new UsageError(
      "--log -: standard input is a terminal; pipe a log in (… | rivumi triage --log -)",
    );
  const dir = mkdtempSync(join(tmpdir(), "rivumi-triage-"));
  const dispose = () => rmSync(dir, { recursive: true, force: true });
  try {
    const path = join(dir, "stdin.log");
    await copyStdin(path, signal);
    refuseBinary(path, "--log - (standard input)");
    return { path, dispose };
  } catch (error) {
    dispose();
    throw error;
  }
}

/** Copies standard input to `path`; an abort (Ctrl-C) ends the wait for more input at once. */
async function copyStdin(path: string, signal: AbortSignal): Promise<void> {
  const stop = () => process.stdin.destroy();
  signal.addEventListener("abort", stop, { once: true });
  const out = await open(path, "w");
  try {
    for await (const chunk of process.stdin) await out.write(chunk as Buffer);
  } catch (error) {
    if (!signal.aborted) throw error;
  } finally {
    signal.removeEventListener("abort", stop);
    await out.close();
  }
  signal.throwIfAborted();
}

function refuseBinary(path: string, label: string): void {
  const share = controlShare(path);
  if (share > BINARY_SHARE)
    throw new UsageError(
      `${label}: a binary file (${(share * 100).toFixed(1)}% control bytes in its first 64 KiB), not a text log`,
    );
}

/**
 * The share of NUL and other control bytes, besides tab, CR, LF and ESC (colour codes), in the
 * file's first 64 KiB. Real logs stay near 0; a stray NUL deep in a log does not count.
 */
export function controlShare(path: string): number {
  const buf = Buffer.alloc(SNIFF_BYTES);
  const fd = openSync(path, "r");
  let read: number;
  try {
    read = readSync(fd, buf, 0, SNIFF_BYTES, 0);
  } finally {
    closeSync(fd);
  }
  let control = 0;
  for (let i = 0; i < read; i++) {
    const b = buf[i]!;
    if ((b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x1b) || b === 0x7f) control++;
  }
  return read === 0 ? 0 : control / read;
}
