// Redaction with three secrets registered, against the plain-needle search it replaced (one
// regex alternation of the forms handed to the runner), on a 10 MB mixed text (CI log, journal
// JSON, markdown and HTML, hashes, base64, URLs, code, non-Latin prose) and on the same kind of
// content cut into journal lines, which is how the journal calls it.
import { Redactor } from "../src/redact/redactor.js";
import { median, type Bench, type BenchResult } from "./harness.js";

const SIZE = 10 * 1024 * 1024;
const SECRETS = [
  "ghs_16C7e42F292c6912E7710c838347Ae178B4a",
  "sk-proj-Q3d9xY7Lm2Pq8Rt4Vw6Zb1Nc5Hk0Js3Fg",
  "github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz",
];
/** Leaks in three forms, which the plain search catches only the first of. */
const LEAKS = [
  `token ${SECRETS[0]}`,
  `html ${[...SECRETS[1]!].map((c) => `&#${c.charCodeAt(0)};`).join("")}`,
  `b64 ${Buffer.from(`x-access-token:${SECRETS[2]}`).toString("base64")}`,
];

/** Deterministic lines of the kinds a run produces. */
function lines(): string[] {
  let seed = 42;
  const rand = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
  const bytes = (n: number) => Buffer.from(Array.from({ length: n }, () => (rand() * 256) | 0));
  const out: string[] = [];
  for (let i = 0; i < 40; i++) {
    const sha = bytes(20).toString("hex");
    out.push(
      `2026-03-04T12:${String(i % 60).padStart(2, "0")}:07.123Z ##[group]npm ci (job ${i % 37}) ok ${i * 7} files`,
      JSON.stringify({
        v: 1,
        seq: i,
        type: "tool.called",
        name: "write_file",
        arguments: JSON.stringify({ path: `src/a${i}.ts`, content: `line 1\nconst x = "${i}";\n` }),
        ts: "2026-03-04T12:00:00.000Z",
      }),
      `<details><summary>Files</summary>\n\n- **src/a${i}.ts**: fix &amp; test &lt;T&gt;\n</details>`,
      `commit ${sha} (HEAD -> main) sha256:${bytes(32).toString("hex")}`,
      `payload=${bytes(60).toString("base64")} etag="${bytes(16).toString("base64url")}"`,
      `GET https://api.example.com/search?q=a%20b%2Fc&ref=${sha.slice(0, 12)}&page=${i} 200`,
      `  const ok = a < b && c > d ? "y" : 'z'; // mask 0x1f, \\n stays, 50% done`,
      `Résumé — naïve café, 日本語のテキスト, emoji 😀👍 and → arrows ${i}`,
    );
  }
  return out;
}

/** About SIZE characters of `lines`, with a leak after every 40th copy. */
function corpus(): { parts: string[]; leaks: number } {
  const block = lines().join("\n") + "\n";
  const parts: string[] = [];
  let leaks = 0;
  for (let size = 0, k = 0; size < SIZE; k++) {
    const leak = k % 40 === 7 ? `${LEAKS[leaks++ % LEAKS.length]}\n` : "";
    parts.push(block + leak);
    size += block.length + leak.length;
  }
  return { parts, leaks };
}

/** CPU milliseconds: the bench machine is shared, and wall time would count others' work. */
function time(fn: () => void): number {
  const t = process.cpuUsage();
  fn();
  const used = process.cpuUsage(t);
  return (used.user + used.system) / 1000;
}

const bench: Bench = ({ quick }) => {
  const redactor = new Redactor();
  for (const s of SECRETS) redactor.add(s);
  const plain = new RegExp(
    [...redactor.secrets]
      .sort((a, b) => b.length - a.length)
      .map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
      .join("|"),
    "g",
  );
  const { parts, leaks } = corpus();
  const text = parts.join("");
  const journal = parts.join("").split("\n");
  const mb = text.length / (1024 * 1024);
  redactor.redact(text); // the fold tables and the needle index are built once per process

  const compare = (name: string, run: (redact: (s: string) => string) => string): BenchResult => {
    const full: number[] = [];
    const base: number[] = [];
    let out = "";
    for (let i = 0; i < (quick ? 2 : 9); i++) {
      base.push(time(() => void run((s) => s.replace(plain, "***"))));
      full.push(time(() => (out = run((s) => redactor.redact(s)))));
    }
    const masked = out.split("***").length - 1;
    const leaked = SECRETS.some((s) => out.includes(s)) || masked < leaks;
    const ratio = median(full) / median(base);
    const speed = (samples: number[]) => (mb / (median(samples) / 1000)).toFixed(0);
    return {
      name,
      median: ratio,
      unit: "x plain",
      target: "<= 8x the plain-needle search, every leak masked",
      ok: ratio <= 8 && !leaked,
      failsQuick: ratio > 24 || leaked,
      quickLimit: "<= 24x, every leak masked",
      detail: `${speed(full)} MB/s vs ${speed(base)} MB/s plain, ${mb.toFixed(1)} MB, ${masked}/${leaks} leaks masked, ${full.length} samples`,
    };
  };
  return Promise.resolve([
    compare("redact one 10 MB mixed text, 3 secrets", (redact) => redact(text)),
    compare("redact the same as journal lines, 3 secrets", (redact) =>
      journal.map(redact).join("\n"),
    ),
  ]);
};

export default bench;
