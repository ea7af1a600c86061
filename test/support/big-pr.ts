/**
 * A generated pull request of any size: a git repository with a base and a head commit written
 * in one `git fast-import` stream, with added, modified, renamed, deleted, binary and
 * mode-changed files in a mix and a diff of about the size asked.
 */
import { spawn } from "node:child_process";
import { mkdtemp, realpath, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { git } from "../../src/workspace/git.js";

export type ChangeKind =
  "added" | "deleted" | "modified" | "renamed" | "renamed-modified" | "binary" | "mode-changed";

export interface BigPrOptions {
  /** Files the pull request changes. */
  files: number;
  /** About how large `git diff -M` of the pull request is, in bytes. */
  diffBytes: number;
  /** Share of the changed files per kind; the rest are modified text files. */
  mix?: Partial<Record<Exclude<ChangeKind, "modified">, number>>;
  seed?: number;
}

export interface BigPr {
  root: string;
  base: string;
  head: string;
  /** Changed files per kind, as generated. */
  counts: Record<ChangeKind, number>;
  remove(): Promise<void>;
}

const DEFAULT_MIX = {
  added: 0.08,
  deleted: 0.05,
  renamed: 0.025,
  "renamed-modified": 0.025,
  binary: 0.02,
  "mode-changed": 0.01,
};
const LINE_BYTES = 42;
const WORDS = ["const", "value", "return", "await", "config", "result", "items", "update", "map"];

/** mulberry32: fast, seeded, good enough to vary content. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function makeBigPr(opts: BigPrOptions): Promise<BigPr> {
  const root = await realpath(await mkdtemp(path.join(tmpdir(), "rivumi-big-pr-")));
  await git(root, ["init", "-q", "-b", "main"]);
  const rand = random(opts.seed ?? 42);
  const mix = { ...DEFAULT_MIX, ...opts.mix };
  // A modified file's diff is about as large as its content: one 2-line change every 12 lines.
  const meanLines = Math.max(4, Math.round(opts.diffBytes / opts.files / LINE_BYTES));
  const counts = Object.fromEntries(
    ["modified", ...Object.keys(DEFAULT_MIX)].map((k) => [k, 0]),
  ) as Record<ChangeKind, number>;

  const stream = new FastImport(root);
  let mark = 0;
  const blob = async (content: string | Buffer): Promise<number> => {
    await stream.blob(++mark, content);
    return mark;
  };
  const base: string[] = [];
  const head: string[] = [];
  for (let i = 0; i < opts.files; i++) {
    const kind = pick(rand(), mix);
    counts[kind]++;
    const dir = `pkg${i % 37}/mod${Math.floor(i / 37) % 23}`;
    const ext = [".ts", ".ts", ".ts", ".test.ts", ".md", ".py"][i % 6]!;
    const file = `${dir}/file${i}${ext}`;
    const lines = textLines(rand, i, Math.max(2, Math.round(meanLines * (0.3 + 1.4 * rand()))));
    const text = lines.join("\n") + "\n";
    if (kind === "added") {
      head.push(`M 100644 :${await blob(text)} ${file}`);
      continue;
    }
    if (kind === "binary") {
      const bytes = Buffer.from(text);
      bytes[0] = 0;
      base.push(`M 100644 :${await blob(bytes)} ${file}`);
      const changed = Buffer.from(bytes);
      changed[changed.length >> 1] = 1;
      head.push(`M 100644 :${await blob(changed)} ${file}`);
      continue;
    }
    const old = await blob(text);
    base.push(`M 100644 :${old} ${file}`);
    if (kind === "deleted") head.push(`D ${file}`);
    else if (kind === "mode-changed") head.push(`M 100755 :${old} ${file}`);
    else if (kind === "renamed") head.push(`D ${file}`, `M 100644 :${old} moved/${file}`);
    else if (kind === "renamed-modified") {
      lines[lines.length >> 1] = `changed after the move ${i}`;
      const moved = await blob(lines.join("\n") + "\n");
      head.push(`D ${file}`, `M 100644 :${moved} moved/${file}`);
    } else {
      for (let l = 0; l < lines.length; l += 12) {
        lines[l] = `${lines[l]} // edited`;
        if (l + 1 < lines.length) lines[l + 1] = `updated ${rand().toString(36).slice(2)}`;
      }
      head.push(`M 100644 :${await blob(lines.join("\n") + "\n")} ${file}`);
    }
  }
  await stream.commit("base", base);
  await stream.commit("head", head);
  await stream.close();
  const headSha = await git(root, ["rev-parse", "main"]);
  const baseSha = await git(root, ["rev-parse", "main~1"]);
  return {
    root,
    base: baseSha,
    head: headSha,
    counts,
    remove: () => rm(root, { recursive: true, force: true }),
  };
}

function pick(r: number, mix: Record<string, number>): ChangeKind {
  let acc = 0;
  for (const [kind, share] of Object.entries(mix)) {
    acc += share;
    if (r < acc) return kind as ChangeKind;
  }
  return "modified";
}

function textLines(rand: () => number, file: number, n: number): string[] {
  const out: string[] = [];
  for (let l = 0; l < n; l++) {
    const w = WORDS[(file + l) % WORDS.length]!;
    out.push(`  ${w} v${l} = compute(${file}, ${l}, "${rand().toString(36).slice(2, 10)}");`);
  }
  return out;
}

/** A `git fast-import` process fed with backpressure. */
class FastImport {
  private readonly child;
  private readonly done: Promise<void>;

  constructor(root: string) {
    this.child = spawn("git", ["fast-import", "--quiet", "--done"], {
      cwd: root,
      stdio: ["pipe", "ignore", "pipe"],
      // glibc otherwise returns memory after every blob: one brk call per blob, 15x slower.
      env: {
        ...process.env,
        MALLOC_TOP_PAD_: String(64 << 20),
        MALLOC_TRIM_THRESHOLD_: String(128 << 20),
      },
    });
    let stderr = "";
    this.child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    this.done = new Promise((resolve, reject) => {
      this.child.once("error", reject);
      this.child.once("close", (code) =>
        code === 0 ? resolve() : reject(new Error(`git fast-import failed: ${stderr}`)),
      );
    });
  }

  private async write(data: string | Buffer): Promise<void> {
    if (!this.child.stdin.write(data))
      await new Promise<void>((resolve) => this.child.stdin.once("drain", resolve));
  }

  async blob(mark: number, content: string | Buffer): Promise<void> {
    const bytes = typeof content === "string" ? Buffer.from(content) : content;
    await this.write(`blob\nmark :${mark}\ndata ${bytes.length}\n`);
    await this.write(bytes);
    await this.write("\n");
  }

  /** A commit on main; fast-import starts it from main's tip, if any. */
  async commit(message: string, changes: string[]): Promise<void> {
    await this.write(
      `commit refs/heads/main\ncommitter Test <test@example.com> 1700000000 +0000\n` +
        `data ${Buffer.byteLength(message)}\n${message}\n${changes.join("\n")}\n\n`,
    );
  }

  async close(): Promise<void> {
    await this.write("done\n");
    this.child.stdin.end();
    await this.done;
  }
}
