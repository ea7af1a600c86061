/**
 * Streaming parser of `git diff` patch output into files and hunks with byte offsets. Pure: it is
 * fed Buffers and keeps no diff text, only the header lines it needs, so a 50 MB diff is read in
 * one pass without ever being a JS string.
 */

export type FileStatus =
  "added" | "deleted" | "modified" | "renamed" | "copied" | "type-changed" | "mode-changed";

export interface DiffHunk {
  /** `${fileIndex}:${hunkIndex}`: stable for one index, short enough to quote to a model. */
  id: string;
  /** Path of its file (the new path; the old one for a deleted file). */
  file: string;
  /** The `@@` line, function context included, without its newline. */
  header: string;
  oldStart: number;
  oldLines: number;
  newStart: number;
  newLines: number;
  /** Byte offset of the `@@` line in the diff file. */
  offset: number;
  /** Bytes from the `@@` line through the newline of its last line: the hunk's size. */
  length: number;
  /** Text lines, the `@@` line and any "\ No newline at end of file" marker included. */
  lines: number;
  /** GitHub's legacy diff `position` of the `@@` line (0 for a file's first hunk). */
  position: number;
  additions: number;
  deletions: number;
  /** Its file's patch is larger than `maxFileBytes`. */
  tooLarge?: true;
}

export interface DiffFile {
  index: number;
  path: string;
  /** The source of a rename or copy. */
  oldPath?: string;
  status: FileStatus;
  binary: boolean;
  oldMode?: string;
  newMode?: string;
  /** Similarity of a rename or copy, in percent. */
  similarity?: number;
  hunks: DiffHunk[];
  additions: number;
  deletions: number;
  /** Byte offset of the file's `diff --git` line. */
  offset: number;
  /** Size of the file's whole patch, headers included. */
  bytes: number;
  tooLarge?: true;
}

export interface DiffParseOptions {
  /** A file whose patch is larger is marked `tooLarge`, its hunks too; they stay indexed. */
  maxFileBytes?: number;
}

interface OpenFile {
  offset: number;
  gitNames: { a?: string; b?: string };
  minus?: string | null;
  plus?: string | null;
  renameFrom?: string;
  renameTo?: string;
  copyFrom?: string;
  copyTo?: string;
  oldMode?: string;
  newMode?: string;
  newFile?: string;
  deletedFile?: string;
  similarity?: number;
  binary: boolean;
  hunks: DiffHunk[];
}

const HUNK_HEADER = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/;
const NL = 10;
const PLUS = 43;
const MINUS = 45;
const BACKSLASH = 92;

/** Feed `push` the diff as it arrives, then `end` for the files. */
export class DiffParser {
  private readonly files: DiffFile[] = [];
  private file: OpenFile | undefined;
  private hunk: DiffHunk | undefined;
  private oldLeft = 0;
  private newLeft = 0;
  /** Bytes consumed before the current chunk. */
  private base = 0;
  /** Pieces of a header line split across chunks, and where it started. */
  private pending: Buffer[] = [];
  private pendingStart = 0;
  /** In the middle of a hunk body line whose end is in a later chunk. */
  private inBodyLine = false;

  constructor(private readonly options: DiffParseOptions = {}) {}

  push(chunk: Buffer): void {
    const n = chunk.length;
    let p = 0;
    while (p < n) {
      const nl = chunk.indexOf(NL, p);
      const end = nl < 0 ? n : nl + 1;
      if (this.inBodyLine) {
        if (nl >= 0) this.bodyLineDone(this.base + end);
      } else if (this.pending.length > 0) {
        this.pending.push(Buffer.from(chunk.subarray(p, nl < 0 ? n : nl)));
        if (nl >= 0) {
          const text = Buffer.concat(this.pending).toString("utf8");
          this.pending = [];
          this.headerLine(text, this.pendingStart, this.base + end);
        }
      } else if (this.inBody() && chunk[p] !== BACKSLASH) {
        this.bodyLine(chunk[p]!);
        if (nl >= 0) this.bodyLineDone(this.base + end);
        else this.inBodyLine = true;
      } else if (nl >= 0) {
        this.headerLine(chunk.toString("utf8", p, nl), this.base + p, this.base + end);
      } else {
        this.pending = [Buffer.from(chunk.subarray(p))];
        this.pendingStart = this.base + p;
      }
      p = end;
    }
    this.base += n;
  }

  /** Ends the input; returns every file in diff order. */
  end(): DiffFile[] {
    if (this.inBodyLine) this.bodyLineDone(this.base);
    if (this.pending.length > 0) {
      const text = Buffer.concat(this.pending).toString("utf8");
      this.pending = [];
      this.headerLine(text, this.pendingStart, this.base);
    }
    this.finishFile(this.base);
    return this.files;
  }

  private inBody(): boolean {
    return this.hunk !== undefined && (this.oldLeft > 0 || this.newLeft > 0);
  }

  private bodyLine(first: number): void {
    const hunk = this.hunk!;
    if (first === PLUS) {
      this.newLeft--;
      hunk.additions++;
    } else if (first === MINUS) {
      this.oldLeft--;
      hunk.deletions++;
    } else {
      // " " context, or an empty line under diff.suppressBlankEmpty.
      this.oldLeft--;
      this.newLeft--;
    }
  }

  private bodyLineDone(end: number): void {
    this.inBodyLine = false;
    const hunk = this.hunk!;
    hunk.lines++;
    hunk.length = end - hunk.offset;
  }

  private headerLine(text: string, start: number, end: number): void {
    if (this.hunk) {
      if (text.startsWith("\\")) {
        this.bodyLineDone(end); // "\ No newline at end of file" belongs to the hunk
        return;
      }
      this.hunk = undefined;
    }
    if (text.startsWith("diff --git ")) {
      this.finishFile(start);
      this.file = {
        offset: start,
        gitNames: parseGitLine(text.slice(11)),
        binary: false,
        hunks: [],
      };
      return;
    }
    const file = this.file;
    if (!file) return;
    if (text.startsWith("@@")) {
      const m = HUNK_HEADER.exec(text);
      if (!m) return;
      const hunk: DiffHunk = {
        id: "",
        file: "",
        header: text,
        oldStart: Number(m[1]),
        oldLines: m[2] === undefined ? 1 : Number(m[2]),
        newStart: Number(m[3]),
        newLines: m[4] === undefined ? 1 : Number(m[4]),
        offset: start,
        length: end - start,
        lines: 1,
        position: 0,
        additions: 0,
        deletions: 0,
      };
      this.hunk = hunk;
      this.oldLeft = hunk.oldLines;
      this.newLeft = hunk.newLines;
      file.hunks.push(hunk);
      return;
    }
    const space = text.indexOf(" ");
    const word = space < 0 ? text : text.slice(0, space);
    if (word === "---" || word === "+++") {
      const name = sideName(text.slice(4));
      if (word === "---") file.minus = name;
      else file.plus = name;
      return;
    }
    headerField(file, text);
  }

  private finishFile(end: number): void {
    const open = this.file;
    this.file = undefined;
    this.hunk = undefined;
    if (!open) return;
    const prev = this.files.at(-1);
    const file = closeFile(open, this.files.length, end);
    // A type change (file <-> symlink) is printed as a deletion and an addition of one path.
    if (
      prev?.status === "deleted" &&
      file.status === "added" &&
      prev.path === file.path &&
      prev.offset + prev.bytes === file.offset
    ) {
      prev.status = "type-changed";
      if (file.newMode !== undefined) prev.newMode = file.newMode;
      prev.binary ||= file.binary;
      prev.hunks.push(...file.hunks);
      prev.bytes += file.bytes;
      this.seal(prev);
      return;
    }
    this.seal(file);
    this.files.push(file);
  }

  /** Gives hunks their ids, positions and totals once the file is complete. */
  private seal(file: DiffFile): void {
    const tooLarge =
      this.options.maxFileBytes !== undefined && file.bytes > this.options.maxFileBytes;
    if (tooLarge) file.tooLarge = true;
    let position = 0;
    file.additions = 0;
    file.deletions = 0;
    file.hunks.forEach((hunk, i) => {
      hunk.id = `${file.index}:${i}`;
      hunk.file = file.path;
      hunk.position = position;
      position += hunk.lines;
      file.additions += hunk.additions;
      file.deletions += hunk.deletions;
      if (tooLarge) hunk.tooLarge = true;
    });
  }
}

/** Parses a whole diff held in memory (tests, small diffs). */
export function parseDiff(diff: Buffer | string, options: DiffParseOptions = {}): DiffFile[] {
  const parser = new DiffParser(options);
  parser.push(typeof diff === "string" ? Buffer.from(diff) : diff);
  return parser.end();
}

function headerField(file: OpenFile, text: string): void {
  const value = (prefix: string) => unquote(text.slice(prefix.length));
  if (text.startsWith("rename from ")) file.renameFrom = value("rename from ");
  else if (text.startsWith("rename to ")) file.renameTo = value("rename to ");
  else if (text.startsWith("copy from ")) file.copyFrom = value("copy from ");
  else if (text.startsWith("copy to ")) file.copyTo = value("copy to ");
  else if (text.startsWith("old mode ")) file.oldMode = text.slice(9);
  else if (text.startsWith("new mode ")) file.newMode = text.slice(9);
  else if (text.startsWith("new file mode ")) file.newFile = text.slice(14);
  else if (text.startsWith("deleted file mode ")) file.deletedFile = text.slice(18);
  else if (text.startsWith("similarity index ")) file.similarity = parseInt(text.slice(17), 10);
  else if (text.startsWith("Binary files ") || text === "GIT binary patch") file.binary = true;
}

function closeFile(open: OpenFile, index: number, end: number): DiffFile {
  const { gitNames: names } = open;
  const after = open.renameTo ?? open.copyTo ?? open.plus ?? names.b ?? open.minus ?? names.a ?? "";
  const before = open.renameFrom ?? open.copyFrom ?? open.minus ?? names.a ?? after;
  let status: FileStatus = "modified";
  let oldMode = open.oldMode;
  let newMode = open.newMode;
  if (open.deletedFile !== undefined) {
    status = "deleted";
    oldMode = open.deletedFile;
  } else if (open.newFile !== undefined) {
    status = "added";
    newMode = open.newFile;
  } else if (open.renameFrom !== undefined) status = "renamed";
  else if (open.copyFrom !== undefined) status = "copied";
  else if (oldMode !== undefined && newMode !== undefined) {
    if (fileType(oldMode) !== fileType(newMode)) status = "type-changed";
    else if (open.hunks.length === 0 && !open.binary) status = "mode-changed";
  }
  const file: DiffFile = {
    index,
    path: status === "deleted" ? before : after,
    status,
    binary: open.binary,
    hunks: open.hunks,
    additions: 0,
    deletions: 0,
    offset: open.offset,
    bytes: end - open.offset,
  };
  if ((status === "renamed" || status === "copied") && before !== after) file.oldPath = before;
  if (oldMode !== undefined) file.oldMode = oldMode;
  if (newMode !== undefined) file.newMode = newMode;
  if (open.similarity !== undefined) file.similarity = open.similarity;
  return file;
}

const fileType = (mode: string) => mode.slice(0, -4);

/** A `---`/`+++` name: null for /dev/null, else without its `a/` or `b/` prefix. */
function sideName(raw: string): string | null {
  // Git ends the name with a tab when it holds a space, for GNU patch.
  const text = raw.endsWith("\t") ? raw.slice(0, -1) : raw;
  if (text === "/dev/null") return null;
  return stripPrefix(unquote(text));
}

const stripPrefix = (name: string) =>
  name.startsWith("a/") || name.startsWith("b/") ? name.slice(2) : name;

/**
 * The two names of `diff --git a/X b/Y`. Unquoted names may hold spaces, so they are only split
 * when both are the same (as git apply does); a rename's names come from its own header lines.
 */
function parseGitLine(rest: string): { a?: string; b?: string } {
  if (rest.startsWith('"')) {
    const a = readQuoted(rest, 0);
    if (!a) return {};
    const tail = rest.slice(a.end + 1);
    const b = tail.startsWith('"') ? readQuoted(tail, 0)?.value : tail;
    return { a: stripPrefix(a.value), ...(b !== undefined ? { b: stripPrefix(b) } : {}) };
  }
  const quote = rest.indexOf(' "');
  if (quote >= 0 && rest.endsWith('"')) {
    const b = readQuoted(rest, quote + 1);
    return { a: stripPrefix(rest.slice(0, quote)), ...(b ? { b: stripPrefix(b.value) } : {}) };
  }
  const half = (rest.length - 1) / 2;
  if (Number.isInteger(half) && rest.slice(0, half).slice(2) === rest.slice(half + 3)) {
    const name = rest.slice(2, half);
    return { a: name, b: name };
  }
  return {};
}

/** A name as git prints it: C-quoted when it holds special bytes, else verbatim. */
export function unquote(text: string): string {
  return text.startsWith('"') ? (readQuoted(text, 0)?.value ?? text) : text;
}

const ESCAPES: Record<string, number> = {
  a: 7,
  b: 8,
  t: 9,
  n: 10,
  v: 11,
  f: 12,
  r: 13,
  '"': 34,
  "\\": 92,
};

/**
 * Reads the C-quoted string starting at `text[from]` (a `"`): `\n`-style escapes and `\ooo`
 * octal bytes (core.quotePath), decoded as UTF-8. Returns the value and the index after it.
 */
export function readQuoted(text: string, from: number): { value: string; end: number } | undefined {
  const bytes: number[] = [];
  let i = from + 1;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '"') return { value: Buffer.from(bytes).toString("utf8"), end: i + 1 };
    if (c === "\\") {
      const next = text[i + 1] ?? "";
      if (next >= "0" && next <= "7") {
        bytes.push(parseInt(text.slice(i + 1, i + 4), 8) & 0xff);
        i += 4;
        continue;
      }
      const code = ESCAPES[next];
      if (code === undefined) return undefined;
      bytes.push(code);
      i += 2;
      continue;
    }
    const char = String.fromCodePoint(text.codePointAt(i)!);
    for (const b of Buffer.from(char)) bytes.push(b);
    i += char.length;
  }
  return undefined;
}

export type Side = "LEFT" | "RIGHT";

export interface HunkLine {
  kind: "context" | "added" | "removed";
  /** The line without its `+`, `-` or space prefix and without its newline. */
  text: string;
  /** Line number in the base file (context and removed lines). */
  oldLine?: number;
  /** Line number in the head file (context and added lines). */
  newLine?: number;
  /** GitHub's legacy diff `position` in the file's patch. */
  position: number;
}

/** Whether `line` on `side` falls in the hunk's range: RIGHT counts head lines, LEFT base lines. */
export function hunkContains(hunk: DiffHunk, line: number, side: Side): boolean {
  const [start, count] =
    side === "RIGHT" ? [hunk.newStart, hunk.newLines] : [hunk.oldStart, hunk.oldLines];
  return line >= start && line < start + count;
}

/** The numbered lines of one hunk's text (as read from the diff file). */
export function hunkLines(hunk: DiffHunk, text: string): HunkLine[] {
  const out: HunkLine[] = [];
  let oldLine = hunk.oldStart;
  let newLine = hunk.newStart;
  const rows = text.split("\n");
  if (rows.at(-1) === "") rows.pop();
  rows.forEach((row, i) => {
    if (i === 0) return; // the @@ line
    const position = hunk.position + i;
    const body = row.slice(1);
    if (row.startsWith("\\")) return; // "\ No newline": a position, but no line
    if (row.startsWith("+")) out.push({ kind: "added", text: body, newLine: newLine++, position });
    else if (row.startsWith("-"))
      out.push({ kind: "removed", text: body, oldLine: oldLine++, position });
    else
      out.push({ kind: "context", text: body, oldLine: oldLine++, newLine: newLine++, position });
  });
  return out;
}

/**
 * Splits text into pieces of at most `max` characters on line boundaries; a line longer than
 * `max` is cut into pieces of its own (never inside a surrogate pair).
 */
export function splitOnLines(text: string, max: number): string[] {
  if (max < 2) throw new RangeError(`piece size ${max} is too small`);
  const pieces: string[] = [];
  let current = "";
  let start = 0;
  while (start < text.length) {
    const nl = text.indexOf("\n", start);
    const end = nl < 0 ? text.length : nl + 1;
    let line = text.slice(start, end);
    start = end;
    if (current.length + line.length <= max) {
      current += line;
      continue;
    }
    if (current) pieces.push(current);
    current = "";
    while (line.length > max) {
      const cut = isHighSurrogate(line.charCodeAt(max - 1)) ? max - 1 : max;
      pieces.push(line.slice(0, cut));
      line = line.slice(cut);
    }
    current = line;
  }
  if (current) pieces.push(current);
  return pieces;
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
