// What a reader recovers from a text, written apart from the redactor: Markdown's link and image
// tails, emoji shortcodes and HTML tags removed, references decoded twice by Python's own HTML5 decoder (`html.unescape`,
// the complete table), compatibility forms folded, and only letters and digits kept. A secret
// whose body, or a piece of eight characters of it, can be read there was published.
import { execFileSync } from "node:child_process";

/** Realistic tokens of five kinds (random bodies from a fixed seed), with their public prefixes. */
export const SECRETS: readonly { prefix: string; secret: string }[] = (() => {
  let s = 20260304;
  const rnd = () => {
    s = (Math.imul(s ^ (s >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0;
    return s / 2 ** 32;
  };
  const ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  const body = (n: number, alphabet = ALNUM) =>
    Array.from({ length: n }, () => alphabet[Math.floor(rnd() * alphabet.length)]).join("");
  return [
    { prefix: "ghs_", secret: `ghs_${body(36)}` },
    { prefix: "github_pat_", secret: `github_pat_11${body(22)}_${body(59)}` },
    { prefix: "sk-proj-", secret: `sk-proj-${body(48, `${ALNUM}-_`)}` },
    {
      prefix: "xoxb-",
      secret: `xoxb-${body(12, "0123456789")}-${body(13, "0123456789")}-${body(24)}`,
    },
    { prefix: "glpat-", secret: `glpat-${body(20, `${ALNUM}-_`)}` },
  ];
})();

const python = (script: string, input: string) =>
  execFileSync("python3", ["-c", script], { input, maxBuffer: 1 << 28 }).toString();

/** Python's table of the 2,231 HTML5 named references, `name;` (and legacy `name`) to value. */
export function html5Table(): Record<string, string> {
  return JSON.parse(
    python("import html.entities,json;print(json.dumps(html.entities.html5))", ""),
  ) as Record<string, string>;
}

const LINK_TAIL =
  /\]\((?:\s*(?:<[^<>\n]*>|(?:[^\s()]|\([^\s()]*\))*)(?:\s+(?:"[^"]*"|'[^']*'|\([^)]*\)))?\s*)\)/g;
const REFERENCE_TAIL = /\]\[[^\][]*\]/g;
const TAG = /<!--[\s\S]*?-->|<\/?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?\/?>/g;
/** GitHub shows `:smile:` as an emoji. */
const SHORTCODE = /:[a-z+-][a-z0-9_+-]*:/g;

/** What a reader sees of each text: letters and digits only (one Python call for all). */
export function readings(texts: readonly string[]): string[] {
  const stripped = texts.map((t) =>
    t.replace(LINK_TAIL, "").replace(REFERENCE_TAIL, "").replace(TAG, "").replace(SHORTCODE, ""),
  );
  const decoded = JSON.parse(
    python(
      "import html,json,sys\nu=lambda t:html.unescape(html.unescape(t))\n" +
        "print(json.dumps([u(t) for t in json.loads(sys.stdin.read())]))",
      JSON.stringify(stripped),
    ),
  ) as string[];
  return decoded.map((t) => t.normalize("NFKC").replace(/[^A-Za-z0-9]/g, ""));
}

/** The secret without its public prefix, as letters and digits. */
export function bodyOf(entry: { prefix: string; secret: string }): string {
  return entry.secret.slice(entry.prefix.length).replace(/[^A-Za-z0-9]/g, "");
}

/**
 * Every piece of eight characters of the body that mixes two kinds (lower case, upper case,
 * digits): what counts as publishing a secret. A run of one kind is a word or a number.
 */
export function pieces(body: string): string[] {
  const out: string[] = [];
  for (let k = 0; k + 8 <= body.length; k++) {
    const piece = body.slice(k, k + 8);
    const kinds = [/[a-z]/, /[A-Z]/, /[0-9]/].filter((re) => re.test(piece)).length;
    if (kinds >= 2) out.push(piece);
  }
  return out;
}

/** The first piece of the body that `reading` holds, or undefined. */
export function survivor(reading: string, body: string): string | undefined {
  return pieces(body).find((p) => reading.includes(p));
}
