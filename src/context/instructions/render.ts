import { showPath } from "../files/repo-path.js";

export interface RenderBlock {
  layer: "user" | "project";
  path: string;
  /** The active directories the document governs (for the user layer: all of them). */
  governs: readonly string[];
  text: string;
}

export interface RenderedInstructions {
  text: string;
  truncated: boolean;
  /** The documents not shown in full, in the order given. */
  cut: string[];
}

const SEPARATOR = "\n\n";
const MARKER_NAMES = 5;

/**
 * Renders the instructions section body: each document under a heading saying where it comes
 * from and which directories it governs, user layer first. At most `totalBytes` bytes of UTF-8;
 * whatever does not fit is cut, and a visible marker names the documents not shown in full.
 */
export function renderInstructions(
  blocks: readonly RenderBlock[],
  totalBytes: number,
): RenderedInstructions {
  const rendered = blocks.map(renderBlock);
  const full = rendered.join(SEPARATOR);
  if (byteLength(full) <= totalBytes) return { text: full, truncated: false, cut: [] };

  const ends: number[] = [];
  let offset = 0;
  for (const block of rendered) {
    offset += byteLength(block);
    ends.push(offset);
    offset += SEPARATOR.length;
  }
  const firstCut = (room: number) => {
    const i = ends.findIndex((end) => end > room);
    return i < 0 ? ends.length : i;
  };
  // The marker names the documents it cuts, and its own size moves the cut: settle both.
  let cut = firstCut(totalBytes);
  let marker = "";
  let room = 0;
  for (;;) {
    marker = truncationMarker(
      totalBytes,
      blocks.slice(cut).map((b) => b.path),
    );
    room = totalBytes - byteLength(marker) - SEPARATOR.length;
    const next = firstCut(room);
    if (next >= cut) break;
    cut = next;
  }
  const kept = cutUtf8(full, Math.max(0, room)).trimEnd();
  const text = kept === "" ? marker : `${kept}${SEPARATOR}${marker}`;
  return {
    text: cutUtf8(text, totalBytes),
    truncated: true,
    cut: blocks.slice(cut).map((b) => b.path),
  };
}

/**
 * Renders stacked layers (`instructions-layering: stack`): the blocks as given, parents before
 * their children. When they do not fit, the deepest win: whole project documents are left out
 * from the shallowest up, and a marker at the top names them. Only when the user layer alone is
 * over the budget is the text cut from its end, as `renderInstructions` cuts it.
 */
export function renderStackedInstructions(
  blocks: readonly RenderBlock[],
  totalBytes: number,
): RenderedInstructions {
  const whole = renderInstructions(blocks, totalBytes);
  if (!whole.truncated) return whole;
  const dropOrder = blocks
    .map((block, index) => ({ block, index, depth: depthOf(block.path) }))
    .filter((b) => b.block.layer === "project")
    .sort((a, b) => a.depth - b.depth || b.index - a.index);
  const dropped = new Set<RenderBlock>();
  for (const { block } of dropOrder) {
    dropped.add(block);
    const left = blocks.filter((b) => dropped.has(b)).map((b) => b.path);
    const marker = stackMarker(totalBytes, left);
    const room = totalBytes - byteLength(marker) - SEPARATOR.length;
    if (room < 0) break;
    const kept = renderInstructions(
      blocks.filter((b) => !dropped.has(b)),
      room,
    );
    if (kept.truncated) continue;
    const text = kept.text === "" ? marker : `${marker}${SEPARATOR}${kept.text}`;
    return { text, truncated: true, cut: left };
  }
  return whole;
}

/** Directories above a document: 0 at the repository root. */
const depthOf = (path: string) => path.split("/").length - 1;

function stackMarker(totalBytes: number, left: readonly string[]): string {
  const names = left.slice(0, MARKER_NAMES).map(showPath);
  if (left.length > MARKER_NAMES) names.push(`${left.length - MARKER_NAMES} more`);
  return (
    `[Instructions cut to the ${totalBytes}-byte budget: the deeper documents below were kept, ` +
    `and these layers above them left out: ${names.join(", ")}.]`
  );
}

function renderBlock(block: RenderBlock): string {
  const body = block.text.trimEnd();
  if (block.layer === "user") {
    return `## User instructions (${showPath(block.path)})\nThey apply to every file.\n\n${body}`;
  }
  const dirs = block.governs.map((d) => (d === "." ? ". (the repository root)" : showPath(d)));
  return (
    `## Project instructions from ${showPath(block.path)}\n` +
    `They apply to the files in: ${dirs.join(", ")}.\n\n${body}`
  );
}

function truncationMarker(totalBytes: number, notShown: readonly string[]): string {
  const names = notShown.slice(0, MARKER_NAMES).map(showPath);
  if (notShown.length > MARKER_NAMES) names.push(`${notShown.length - MARKER_NAMES} more`);
  return (
    `[Instructions truncated: the ${totalBytes}-byte budget is used up. ` +
    `Not shown in full: ${names.join(", ")}.]`
  );
}

function byteLength(text: string): number {
  return Buffer.byteLength(text, "utf8");
}

/** The longest prefix of `text` of at most `max` bytes that does not split a character. */
function cutUtf8(text: string, max: number): string {
  const bytes = Buffer.from(text, "utf8");
  if (bytes.length <= max) return text;
  let end = max;
  while (end > 0 && ((bytes[end] ?? 0) & 0xc0) === 0x80) end--;
  return bytes.subarray(0, end).toString("utf8");
}
