// Shared by the hardening tests: the run's secrets, what counts as leaking one, and a runner's
// way of cancelling a job.
import { readFileSync } from "node:fs";
import type { ActionWorld } from "../support/action-world.js";
import type {
  GitHubServer,
  GitHubServerOptions,
  RecordedRequest,
} from "../support/github-server.js";
import type { RunOptions } from "../support/action-run.js";

export const TOKEN = "ghs_hardenTokenValue0123456789abcdefAB";
export const API_KEY = "sk-harden-key-0123456789abcdefghijklmn";

/** The journal of a run as uploaded: text and events. */
export function uploadedJournal(world: ActionWorld, name = "rivumi-journal-review-1") {
  const text = world.results.readArtifactFile(name, "journal.jsonl");
  const events = text
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as { type: string; [k: string]: unknown });
  return { text, events };
}

/** The runner's folder of one run (`world.run()` counts from 1). */
export const runnerDir = (world: ActionWorld, run = 1) => `${world.dir}/run-${run}`;

/** What the runner displays of the log: `::add-mask::` lines are consumed, never shown. */
export const displayedLog = (text: string) =>
  text
    .split("\n")
    .filter((line) => !line.startsWith("::add-mask::"))
    .join("\n");

/**
 * What a reader or renderer makes of a text, decoded over and over: markup and terminal escapes
 * dropped, HTML references, JSON and percent escapes decoded, invisible characters dropped. A
 * secret that survives this was published in a form someone can read.
 */
export function decodedReading(text: string): string {
  let out = text;
  for (let round = 0; round < 4; round++) {
    out = out
      // eslint-disable-next-line no-control-regex -- terminal escapes are what is stripped
      .replace(/\x1b\[[0-?]*[ -/]*[@-~]/g, "")
      .replace(/<\/?[a-z][^<>]*>|<!--[\s\S]*?-->/gi, "")
      .replace(/&#x([0-9a-f]+);?/gi, (_m, h: string) => String.fromCodePoint(parseInt(h, 16)))
      .replace(/&#([0-9]+);?/g, (_m, d: string) => String.fromCodePoint(Number(d)))
      .replace(/\\u([0-9a-fA-F]{4})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)))
      .replace(/(?:%[0-9a-fA-F]{2})+/g, (m) => {
        try {
          return decodeURIComponent(m);
        } catch {
          return m;
        }
      })
      .replace(/[\p{Cf}\u00ad]/gu, "");
  }
  return out;
}

/** The encodings a model could write a secret in, each reading as the secret once decoded. */
export function encodings(secret: string): Record<string, string> {
  const bytes = Buffer.from(secret);
  const chars = [...secret];
  const b64 = bytes.toString("base64");
  const half = secret.length >> 1;
  return {
    "HTML decimal references": chars.map((c) => `&#${c.charCodeAt(0)};`).join(""),
    "HTML hex references": chars.map((c) => `&#x${c.charCodeAt(0).toString(16)};`).join(""),
    "split by markup": chars.join("<i></i>"),
    "split by zero-width spaces": chars.join("\u200b"),
    "split by word joiners and soft hyphens": chars.join("\u2060\u00ad"),
    "hex, lower case": bytes.toString("hex"),
    "hex, upper case": bytes.toString("hex").toUpperCase(),
    "base64 of base64": Buffer.from(b64).toString("base64"),
    "every byte percent-escaped": [...bytes].map((b) => `%${b.toString(16)}`).join(""),
    "JSON \\u escapes": chars
      .map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`)
      .join(""),
    "split by terminal colours": chars.join("\x1b[0m"),
    "one Markdown link per character": chars.map((c) => `[${c}](#)`).join(""),
    "bold per character": chars.map((c) => `**${c}**`).join(""),
    "joined by pipes": chars.join("|"),
    "joined by middle dots and bullets": chars.map((c, i) => c + (i % 2 ? "·" : "•")).join(""),
    "- and _ as named references": secret.replace(/-/g, "&hyphen;").replace(/_/g, "&lowbar;"),
    "without its public prefix": secret.replace(/^[a-z]+[-_]/, ""),
    "two halves joined by a word": `${secret.slice(0, half)} and ${secret.slice(half)}`,
  };
}

/** Whether `text` holds the secret, as written or in any of `encodings`, or once decoded. */
export function leaks(text: string, secret: string): string | undefined {
  if (text.includes(secret)) return "plain";
  for (const [name, form] of Object.entries(encodings(secret)))
    if (text.includes(form)) return name;
  if (decodedReading(text).includes(secret)) return "decoded";
  return undefined;
}

/** Reads a runner file of the run, or "" when it was never written. */
export function readOr(path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return "";
  }
}

/**
 * Cancels like the runner: SIGINT when `when()` holds, SIGTERM 7.5 s later, SIGKILL at 10 s.
 * Records when SIGINT went out.
 */
export function cancelLikeRunner(
  when: () => boolean,
  sent: { at?: number },
): RunOptions["onStart"] {
  return (child) => {
    const poll = setInterval(() => {
      if (!when()) return;
      clearInterval(poll);
      sent.at = Date.now();
      child.kill("SIGINT");
      setTimeout(() => child.kill("SIGTERM"), 7_500).unref();
      setTimeout(() => child.kill("SIGKILL"), 10_000).unref();
    }, 10);
    void child.finally(() => clearInterval(poll)).catch(() => undefined);
  };
}

/** Hooks every request of a running fake GitHub (`onRequest`: answer a fault, or stall). */
export function hookGitHub(github: GitHubServer, hook: GitHubServerOptions["onRequest"]): void {
  github.onRequest(hook);
}

/** The comment writes of the sticky comment: create, update, delete. */
export const isCommentWrite = (req: RecordedRequest) =>
  req.method !== "GET" && /\/issues\/(\d+\/)?comments/.test(req.path);
