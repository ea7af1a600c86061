import { constants } from "node:fs";
import { open } from "node:fs/promises";
import * as z from "zod";
import { resolveInside } from "../../workspace/confine.js";
import { cutText, lineWindow, splitLines } from "../../util/bounded.js";
import { ToolError } from "../../util/errors.js";
import { defineTool } from "./tool.js";

export interface ReadFileLimits {
  readonly maxLines: number;
  readonly maxChars: number;
  /** One minified line must not eat the whole budget; search finds what a cut line hides. */
  readonly maxLineChars: number;
  /** Past this the file is not loaded at all; search still finds lines in it. */
  readonly maxFileBytes: number;
}

export const READ_FILE_LIMITS: ReadFileLimits = {
  maxLines: 400,
  maxChars: 40_000,
  maxLineChars: 2_000,
  maxFileBytes: 16 * 1024 * 1024,
};

const BINARY_SNIFF_BYTES = 8 * 1024;

const parameters = z.object({
  path: z
    .string()
    .min(1)
    .describe('File path relative to the repository root, e.g. "src/main.ts".'),
  start_line: z
    .number()
    .int()
    .min(1)
    .optional()
    .describe("First line to show, 1-based. Defaults to 1."),
  end_line: z
    .number()
    .int()
    .min(1)
    .optional()
    .describe("Last line to show, inclusive. Defaults to as far as the size limit allows."),
});

export function createReadFile(limits: ReadFileLimits = READ_FILE_LIMITS) {
  return defineTool({
    name: "read_file",
    description:
      `Read a text file of the workspace (the pull request's head) with line numbers. At most ` +
      `${limits.maxLines} lines or ${limits.maxChars} characters per call; page with start_line.`,
    parameters,
    async execute(args, ctx) {
      const start = args.start_line ?? 1;
      if (args.end_line !== undefined && args.end_line < start) {
        throw new ToolError(`end_line (${args.end_line}) is before start_line (${start}).`);
      }
      const absolute = await resolveInside(ctx.root, args.path);
      const lines = splitLines(await readRegularText(absolute, args.path, limits));
      if (lines.length === 0) return `${args.path} is empty.`;
      if (start > lines.length) {
        throw new ToolError(
          `start_line ${start} is past the end: ${args.path} has ${lines.length} lines.`,
        );
      }
      const wanted = Math.min(args.end_line ?? lines.length, lines.length);
      const width = String(wanted).length;
      const { text, end } = lineWindow(
        lines.slice(0, wanted),
        start - 1,
        limits,
        (line, i) => `${String(i + 1).padStart(width)}\t${cutText(line, limits.maxLineChars)}`,
      );
      const header = `${args.path} — lines ${start}-${end} of ${lines.length}:`;
      if (end >= wanted) return `${header}\n${text}`;
      const rest = args.end_line === undefined ? "" : ` end_line=${args.end_line}`;
      return (
        `${header}\n${text}\n[Cut by the size limit: showed lines ${start}-${end} of ` +
        `${lines.length}. Call read_file with path="${args.path}" start_line=${end + 1}${rest} ` +
        `to read on.]`
      );
    },
  });
}

/** Reads only a regular file, opened without following a link, and refuses binary content. */
async function readRegularText(
  absolute: string,
  shown: string,
  limits: ReadFileLimits,
): Promise<string> {
  // O_NONBLOCK so that a FIFO planted in the tree cannot hang the open.
  const handle = await open(
    absolute,
    constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK,
  );
  try {
    const stat = await handle.stat();
    if (stat.isDirectory()) {
      throw new ToolError(`"${shown}" is a directory; call list_files with path="${shown}".`);
    }
    if (!stat.isFile()) throw new ToolError(`"${shown}" is not a regular file.`);
    if (stat.size > limits.maxFileBytes) {
      throw new ToolError(
        `"${shown}" is ${stat.size} bytes, over the ${limits.maxFileBytes}-byte limit; ` +
          `use search with path="${shown}" to find the lines you need.`,
      );
    }
    const bytes = await handle.readFile();
    if (bytes.subarray(0, BINARY_SNIFF_BYTES).includes(0)) {
      throw new ToolError(`"${shown}" is a binary file; read_file shows text files only.`);
    }
    return bytes.toString("utf8");
  } finally {
    await handle.close();
  }
}

export const readFileTool = createReadFile();
