// Redaction of text made of secrets and pieces of them: every position of such text matches
// some of the needles that the secrets' 8-character fragments add, which is the redactor's
// worst case. The search must stay linear: the time per megabyte at 4x the size is compared
// with the time per megabyte at 1x.
import { Redactor } from "../src/redact/redactor.js";
import { median, type Bench } from "./harness.js";

const SECRETS = [
  "ghs_16C7e42F292c6912E7710c838347Ae178B4a",
  "sk-proj-Q3d9xY7Lm2Pq8Rt4Vw6Zb1Nc5Hk0Js3Fg",
  "github_pat_11A7QK2LY0aZ9mXq3Rt5vW_b8Nc2Hk4Js6Fg1Pd3Lm5Qr7Tv9Xy0Za2Cb4De6Fh8Gj1Kl3Mn5Op7Qs9Uw",
];
const SMALL = 512 * 1024;

/** Lines of secrets whole, cut in two around a word, in 7-character pieces, and joined by `|`. */
function corpus(size: number): string {
  const lines: string[] = [];
  for (let i = 0, length = 0; length < size; i++) {
    const secret = SECRETS[i % SECRETS.length]!;
    const cut = 8 + (i % (secret.length - 16));
    const pieces = Array.from({ length: Math.ceil(secret.length / 7) }, (_, k) =>
      secret.slice(k * 7, k * 7 + 7),
    );
    const line = [
      `token ${secret} used`,
      `${secret.slice(0, cut)} and ${secret.slice(cut)}`,
      pieces.join(" or "),
      [...secret].join("|"),
    ][i % 4]!;
    lines.push(line);
    length += line.length + 1;
  }
  return lines.join("\n");
}

/** CPU milliseconds, as in redact.bench.ts. */
function time(fn: () => void): number {
  const t = process.cpuUsage();
  fn();
  const used = process.cpuUsage(t);
  return (used.user + used.system) / 1000;
}

const bench: Bench = ({ quick }) => {
  const redactor = new Redactor();
  for (const s of SECRETS) redactor.add(s);
  const small = corpus(SMALL);
  const large = corpus(4 * SMALL);
  redactor.redact(small);
  const perMb = { small: [] as number[], large: [] as number[] };
  let masked = 0;
  for (let i = 0; i < (quick ? 3 : 7); i++) {
    perMb.small.push(time(() => redactor.redact(small)) / (small.length / 2 ** 20));
    let out = "";
    perMb.large.push(time(() => (out = redactor.redact(large))) / (large.length / 2 ** 20));
    masked = out.split("***").length - 1;
  }
  const ratio = median(perMb.large) / median(perMb.small);
  const leaked = SECRETS.some((s) => redactor.redact(large).includes(s.slice(-12)));
  return Promise.resolve([
    {
      name: "redact text made of secrets and their pieces, 2 MB vs 0.5 MB",
      median: ratio,
      unit: "x the time per MB",
      target: "<= 1.5x (linear), nothing of 8+ characters left",
      ok: ratio <= 1.5 && !leaked,
      failsQuick: ratio > 3 || leaked,
      quickLimit: "<= 3x, nothing of 8+ characters left",
      detail: `${(1000 / median(perMb.large)).toFixed(1)} MB/s at 2 MB, ${(1000 / median(perMb.small)).toFixed(1)} MB/s at 0.5 MB, ${masked} masks`,
    },
  ]);
};

export default bench;
