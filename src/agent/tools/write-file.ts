import { constants } from "node:fs";
import { lstat, mkdir, open } from "node:fs/promises";
import path from "node:path";
import * as z from "zod";
import { splitLines } from "../../util/bounded.js";
import { lexicalSegments, resolveInside } from "../../workspace/confine.js";
import { ToolError } from "../../util/errors.js";
import { defineTool } from "./tool.js";

export interface WriteFileLimits {
  /** Most bytes of content (UTF-8) one call may write. */
  readonly maxBytes: number;
}

export const WRITE_FILE_LIMITS: WriteFileLimits = { maxBytes: 1024 * 1024 };

const parameters = z.object({
  path: z
    .string()
    .min(1)
    .describe('File path relative to the repository root, e.g. "src/main.ts".'),
  content: z.string().describe("The whole new content of the file, as text."),
});

export function createWriteFile(limits: WriteFileLimits = WRITE_FILE_LIMITS) {
  return defineTool({
    name: "write_file",
    description:
      "Create a text file in the workspace, or replace one's whole content. Parent directories " +
      "are created. Paths inside .git and paths through symbolic links are refused. For a small " +
      `change to an existing file prefer apply_patch. At most ${limits.maxBytes} bytes.`,
    parameters,
    writes: true,
    async execute(args, ctx) {
      const segments = lexicalSegments(args.path);
      const shown = segments.join("/");
      if (segments.length === 0) {
        throw new ToolError(`"${args.path}" is the repository root; pass a file path.`);
      }
      if (args.content.includes("\0")) {
        throw new ToolError(
          `The content for "${shown}" contains a NUL byte; only text is written.`,
        );
      }
      const bytes = Buffer.from(args.content, "utf8");
      if (bytes.length > limits.maxBytes) {
        throw new ToolError(
          `The content for "${shown}" is ${bytes.length} bytes, over the ${limits.maxBytes}-byte ` +
            `limit; write a smaller file or change the existing one with apply_patch.`,
        );
      }
      const absolute = await resolveInside(ctx.root, shown, { allowMissing: true });
      const created = await prepareTarget(ctx.root, absolute, shown);
      await writeRegular(absolute, shown, bytes);
      const lines = splitLines(args.content).length;
      const counted = `${bytes.length} bytes, ${lines} line${lines === 1 ? "" : "s"}`;
      return `${created ? "Created" : "Overwrote"} ${shown}: ${counted}.`;
    },
  });
}

/** Makes the parent directories and reports whether the file is new. */
async function prepareTarget(root: string, absolute: string, shown: string): Promise<boolean> {
  const existing = await lstat(absolute).catch((error: unknown) => {
    if (errorCode(error) === "ENOENT") return undefined;
    if (errorCode(error) === "ENOTDIR") throw parentIsFile(shown);
    throw error;
  });
  if (existing?.isDirectory()) throw new ToolError(`"${shown}" is a directory; pass a file path.`);
  if (existing) return false;
  try {
    await mkdir(path.dirname(absolute), { recursive: true });
  } catch (error) {
    const code = errorCode(error);
    if (code !== "ENOTDIR" && code !== "EEXIST") throw error;
    throw parentIsFile(shown);
  }
  // mkdir follows links; check again that no component it walked is one.
  await resolveInside(root, shown, { allowMissing: true });
  return true;
}

/**
 * Writes through a descriptor opened without following a final link and without blocking on a
 * FIFO; the file is checked before it is truncated, so refusing it changes nothing.
 */
async function writeRegular(absolute: string, shown: string, bytes: Buffer): Promise<void> {
  let handle;
  try {
    handle = await open(
      absolute,
      constants.O_WRONLY | constants.O_CREAT | constants.O_NOFOLLOW | constants.O_NONBLOCK,
      0o644,
    );
  } catch (error) {
    const code = errorCode(error);
    if (code === "ELOOP")
      throw new ToolError(`"${shown}" is a symbolic link; links are not followed.`);
    if (code === "EISDIR") throw new ToolError(`"${shown}" is a directory; pass a file path.`);
    if (code === "ENXIO") throw new ToolError(`"${shown}" is not a regular file.`);
    throw error;
  }
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) throw new ToolError(`"${shown}" is not a regular file.`);
    // A hard link shares its content with a path that may lie outside the workspace.
    if (stat.nlink > 1) throw new ToolError(`"${shown}" is a hard link; it is not written.`);
    await handle.truncate(0);
    await handle.writeFile(bytes);
  } finally {
    await handle.close();
  }
}

function parentIsFile(shown: string): ToolError {
  return new ToolError(`A parent of "${shown}" is a file, not a directory.`);
}

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}

export const writeFileTool = createWriteFile();
