import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { Redactor } from "../../src/redact/redactor.js";

const TOKEN = "ghs_16C7e42F292c6912E7710c838347Ae178B4a";

describe("Redactor", () => {
  it("removes the secret in plain, URL-encoded and base64 forms at every alignment", () => {
    const r = new Redactor();
    r.add(TOKEN);
    r.add("sk/key+with=odd&chars");
    for (const prefix of ["", "a", "ab", "abc", "x-access-token:"]) {
      const b64 = Buffer.from(prefix + TOKEN + "tail").toString("base64");
      const out = r.redact(`header ${b64} end`);
      expect(out).toContain("***");
      // What survives cannot be decoded back to the token.
      expect(Buffer.from(out.split(" ")[1] ?? "", "base64").toString("latin1")).not.toContain(
        TOKEN.slice(4, 30),
      );
    }
    expect(r.redact(`plain ${TOKEN}`)).toBe("plain ***");
    expect(r.redact(encodeURIComponent("sk/key+with=odd&chars"))).toBe("***");
    expect(r.redact(Buffer.from(`x-access-token:${TOKEN}`).toString("base64url"))).toContain("***");
  });

  it("leaves text without secrets alone and ignores very short values", () => {
    const r = new Redactor();
    r.add("abc");
    expect(r.redact("abc is fine")).toBe("abc is fine");
    r.add(TOKEN);
    expect(r.redact("nothing here")).toBe("nothing here");
  });

  it("redacts inside structured values", () => {
    const r = new Redactor();
    r.add(TOKEN);
    expect(r.redactValue({ a: [`t=${TOKEN}`], b: 2 })).toEqual({ a: ["t=***"], b: 2 });
  });

  it("returns the very same text when no secret is registered", () => {
    const text = `&#103;hs ${TOKEN} <b>x</b>`.repeat(1000);
    expect(new Redactor().redact(text)).toBe(text);
  });

  it("hands the runner a handful of forms per secret, appended in order", () => {
    const r = new Redactor();
    r.add(TOKEN);
    const first = r.secrets;
    expect(first).toContain(TOKEN);
    expect(first.length).toBeLessThanOrEqual(12);
    r.add(`x-access-token:${TOKEN}`);
    expect(r.secrets.slice(0, first.length)).toEqual(first);
    // The runner masks exact strings: it gets the basic-auth header's base64 of the pair (whole
    // groups of it, which is all of it but the padded last group).
    const header = Buffer.from(`x-access-token:${TOKEN}`).toString("base64");
    expect(r.secrets.some((f) => header.startsWith(f) && f.length >= header.length - 4)).toBe(true);
  });

  it("masks a secret that holds a registered one as well as if it had its own needles", () => {
    const pair = `x-access-token:${TOKEN}`;
    const both = new Redactor();
    both.add(TOKEN);
    both.add(pair);
    const alone = new Redactor();
    alone.add(pair);
    const wrap = (s: string) => Buffer.from(s).toString("base64");
    for (const text of [
      `AUTHORIZATION: basic ${wrap(pair)}`,
      `url https://${pair}@github.com/o/r`,
      `hex ${Buffer.from(pair).toString("hex")} end`,
      `twice ${wrap(wrap(pair))}`,
      `json ${JSON.stringify({ auth: pair })}`,
    ]) {
      const out = both.redact(text);
      // Nothing that decodes to the token survives, whichever registry built the needles.
      for (const piece of out.split(/[\s*]+/))
        for (const decoded of [piece, Buffer.from(piece, "base64").toString("latin1")])
          expect(decoded).not.toContain(TOKEN.slice(4, 20));
      expect(alone.redact(text)).toContain("***");
      expect(out).toContain("***");
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Each class of encoding a renderer or a reader decodes. `read` below decodes a text the way a
// reader would, written independently of the implementation; after redaction it must not
// yield the secret, and no byte encoding in the output may decode to a long piece of it.

const code = (c: string) => c.codePointAt(0)!;
const hex2 = (n: number) => n.toString(16).padStart(2, "0");
const each = (secret: string, f: (c: string, i: number) => string) => [...secret].map(f).join("");
const bytes = (s: string) => [...Buffer.from(s, "utf8")];

const NAMED: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  lowbar: "_",
  UnderBar: "_",
  colon: ":",
  sol: "/",
  period: ".",
  comma: ",",
  num: "#",
  percnt: "%",
  equals: "=",
  plus: "+",
  nbsp: " ",
  shy: "",
  zwj: "",
  zwnj: "",
  ZeroWidthSpace: "",
};

/** The text a reader recovers: escapes decoded until nothing changes, then what is invisible. */
function read(text: string): string {
  const cp = (h: string, radix: number) => {
    const v = parseInt(h, radix);
    return v > 0 && v <= 0x10ffff ? String.fromCodePoint(v) : "\ufffd";
  };
  let t = text;
  for (let round = 0; round < 6; round++) {
    const before = t;
    t = t
      .replace(/<!--[\s\S]*?-->|<\/?[a-z][a-z0-9-]*(?:[\s/][^<>]*)?>/gi, "")
      .replace(/\\u\{([0-9a-f]{1,6})\}/gi, (_, h: string) => cp(h, 16))
      .replace(/\\u([0-9a-f]{4})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)))
      .replace(/\\x([0-9a-f]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)))
      .replace(/\\([0-7]{1,3})/g, (_, o: string) => String.fromCharCode(parseInt(o, 8) & 0xff))
      .replace(/\\[nrtbfv]/g, " ")
      .replace(/\\([^\w\s])/g, "$1")
      .replace(/&#x([0-9a-f]+);?/gi, (_, h: string) => cp(h, 16))
      .replace(/&#([0-9]+);?/g, (_, d: string) => cp(d, 10))
      .replace(/&([a-z]+);/gi, (m, name: string) => NAMED[name] ?? m)
      .replace(/%u([0-9a-f]{4})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)))
      .replace(/%([0-9a-f]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)))
      .replace(/=([0-9a-f]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)))
      .replace(/\b0x([0-9a-f]{2})\b/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
    if (t === before) break;
  }
  return t
    .replace(/\u{E0000}|\u{E0001}|[\u{E0020}-\u{E007F}]/gu, "")
    .normalize("NFKC")
    .replace(
      /[\s\p{Cc}\p{Cf}\p{Mn}\p{Me}\p{Default_Ignorable_Code_Point}:,.\-`~]|(?<!\*)\*{1,2}(?!\*)/gu,
      "",
    );
}

/** What a reader would look for: the secret without the characters `read` drops. */
const visible = (secret: string) => read(secret);

function base32Decode(s: string): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = 0;
  let acc = 0;
  let out = "";
  for (const ch of s.toUpperCase()) {
    acc = ((acc << 5) | alphabet.indexOf(ch)) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      out += String.fromCharCode((acc >> bits) & 0xff);
    }
  }
  return out;
}

/** Every decoding of the byte encodings in `text`, two layers deep, at every alignment. */
function byteDecodings(text: string, depth = 2): string[] {
  const out: string[] = [];
  const runs = (re: RegExp) => [...text.matchAll(re)].map((m) => m[0]);
  for (const run of runs(/[0-9a-f]{8,}/gi))
    for (const at of [0, 1]) out.push(Buffer.from(run.slice(at), "hex").toString("latin1"));
  for (const run of runs(/[A-Za-z0-9+/_-]{6,}/g))
    for (let at = 0; at < 4; at++)
      out.push(
        Buffer.from(run.slice(at).replace(/-/g, "+").replace(/_/g, "/"), "base64").toString(
          "latin1",
        ),
      );
  for (const run of runs(/[A-Za-z2-7]{8,}/g))
    for (let at = 0; at < 8; at++) out.push(base32Decode(run.slice(at)));
  return depth > 1 ? [...out, ...out.flatMap((d) => byteDecodings(d, depth - 1))] : out;
}

/** Whether the secret, or a piece of it longer than an encoding's edge, can be read in `out`. */
function leaks(out: string, secret: string): boolean {
  const seen = visible(secret);
  const pieces = Array.from({ length: secret.length - 9 }, (_, k) => secret.slice(k, k + 10));
  const readings = [read(out), ...byteDecodings(out), ...byteDecodings(read(out))];
  return readings.some((t, k) => (k === 0 ? t.includes(seen) : pieces.some((p) => t.includes(p))));
}

/** base32, Ascii85 and base85 of the token inside payloads at every alignment, from Python. */
function pythonEncodings(payloads: string[]): { b32: string[]; a85: string[]; b85: string[] } {
  const script =
    "import base64,json,sys\n" +
    "p=[s.encode() for s in json.loads(sys.stdin.read())]\n" +
    "print(json.dumps({k:[f(x).decode() for x in p] for k,f in " +
    "[('b32',base64.b32encode),('a85',base64.a85encode),('b85',base64.b85encode)]}))";
  return JSON.parse(
    execFileSync("python3", ["-c", script], { input: JSON.stringify(payloads) }).toString(),
  ) as { b32: string[]; a85: string[]; b85: string[] };
}

const ZERO_WIDTH = [
  "\u200b",
  "\u200c",
  "\u200d",
  "\u200e",
  "\u200f",
  "\u2060",
  "\u2061",
  "\u2062",
  "\u2063",
  "\u2064",
  "\ufeff",
  "\u00ad",
  "\u180e",
  "\u{e0001}",
  "\u{e0020}",
  "\u{e007f}",
  "\u202a",
  "\u202b",
  "\u202c",
  "\u202d",
  "\u202e",
  "\u2066",
  "\u2067",
  "\u2068",
  "\u2069",
];

const b64 = (s: string) => Buffer.from(s, "latin1").toString("base64");
const hexOf = (s: string) => Buffer.from(s, "latin1").toString("hex");

const CLASSES: [string, (s: string) => string][] = [
  [
    "HTML decimal references, leading zeros, semicolon or not",
    (s) => each(s, (c, i) => `&#${"0".repeat(i % 4)}${code(c)}${i % 2 ? ";" : ""}`),
  ],
  [
    "HTML hex references in either case",
    (s) =>
      each(
        s,
        (c, i) => `&#${i % 2 ? "x" : "X"}${i % 3 ? hex2(code(c)) : hex2(code(c)).toUpperCase()};`,
      ),
  ],
  ["HTML named references", (s) => s.replace(/_/g, "&lowbar;").replace(/g/g, "&gopf;")],
  ["some characters as references", (s) => each(s, (c, i) => (i % 3 ? c : `&#${code(c)};`))],
  [
    "empty markup between characters",
    (s) =>
      each(
        s,
        (c, i) => c + ["<i></i>", "<b></b>", "", '<span class="k"></span>', "<!-- x -->"][i % 5],
      ),
  ],
  ["markup around characters", (s) => each(s, (c, i) => (i % 2 ? `<b>${c}</b>` : `<em>${c}</em>`))],
  [
    "zero-width, format, bidi and tag characters",
    (s) => each(s, (c, i) => c + ZERO_WIDTH[i % ZERO_WIDTH.length]),
  ],
  [
    "other whitespace between characters",
    (s) => each(s, (c, i) => c + [" ", "\u2003", "\u00a0", "\u3000", "\t", "\n", "\u2009"][i % 7]),
  ],
  ["markdown emphasis inside the word", (s) => `${s.slice(0, 3)}**${s.slice(3, 9)}**${s.slice(9)}`],
  ["hex, lower case", (s) => hexOf(s)],
  [
    "hex, upper case with spaces",
    (s) =>
      bytes(s)
        .map((b) => hex2(b).toUpperCase())
        .join(" "),
  ],
  [
    "hex, mixed case with colons",
    (s) =>
      bytes(s)
        .map((b, i) => (i % 2 ? hex2(b) : hex2(b).toUpperCase()))
        .join(":"),
  ],
  [
    "hex as \\x escapes",
    (s) =>
      bytes(s)
        .map((b) => `\\x${hex2(b)}`)
        .join(""),
  ],
  [
    "hex as C byte literals",
    (s) =>
      `{${bytes(s)
        .map((b) => `0x${hex2(b)}`)
        .join(", ")}}`,
  ],
  [
    "every byte percent-escaped, either case",
    (s) =>
      bytes(s)
        .map((b, i) => `%${i % 2 ? hex2(b) : hex2(b).toUpperCase()}`)
        .join(""),
  ],
  [
    "JSON \\u escapes of every character, either case",
    (s) => each(s, (c, i) => `\\u00${i % 2 ? hex2(code(c)) : hex2(code(c)).toUpperCase()}`),
  ],
  [
    "JSON \\u escapes of some characters",
    (s) => each(s, (c, i) => (i % 4 ? c : `\\u${code(c).toString(16).padStart(4, "0")}`)),
  ],
  [
    "JSON inside JSON, as a journal line holds tool arguments",
    (s) => JSON.stringify({ arguments: JSON.stringify({ token: s.replace(/h/g, "\\u0068") }) }),
  ],
  [
    "UTF-16 surrogate escapes of mathematical letters",
    (s) =>
      each(s, (c) =>
        /[a-z]/.test(c)
          ? String.fromCodePoint(0x1d41a + code(c) - 97)
              .split("")
              .map((u) => `\\u${u.charCodeAt(0).toString(16)}`)
              .join("")
          : c,
      ),
  ],
  [
    "octal escapes",
    (s) =>
      bytes(s)
        .map((b) => `\\${b.toString(8).padStart(3, "0")}`)
        .join(""),
  ],
  [
    "quoted-printable",
    (s) =>
      bytes(s)
        .map((b) => `=${hex2(b).toUpperCase()}`)
        .join(""),
  ],
  ["entities inside percent escapes", (s) => encodeURIComponent(each(s, (c) => `&#${code(c)};`))],
  ["percent escapes inside entities", (s) => each(s, (c) => `&#37;${hex2(code(c))}`)],
  [
    "fullwidth and mathematical letters",
    (s) =>
      each(s, (c, i) =>
        i % 2 && /[a-z]/.test(c)
          ? String.fromCodePoint(0x1d41a + code(c) - 97)
          : String.fromCharCode(code(c) + 0xfee0),
      ),
  ],
  [
    "Unicode tag characters spelling the token",
    (s) => each(s, (c) => String.fromCodePoint(0xe0000 + code(c))),
  ],
  [
    "variation selectors spelling its bytes",
    (s) =>
      bytes(s)
        .map((b) => String.fromCodePoint(b < 16 ? 0xfe00 + b : 0xe0100 + b - 16))
        .join(""),
  ],
  ["decimal character codes", (s) => `String.fromCharCode(${bytes(s).join(", ")})`],
  ["base64 of base64", (s) => b64(b64(`Basic x-access-token:${s}`))],
  ["hex of base64", (s) => hexOf(b64(`xy${s}`))],
  ["base64 of hex", (s) => b64(hexOf(s))],
  ["base64 of base64 of base64", (s) => b64(b64(b64(`u:${s}`)))],
  ["MIME base64 wrapped in lines", (s) => b64(`${s}`.repeat(3)).replace(/.{20}/g, "$&\r\n")],
];

describe("Redactor: each class of encoding", () => {
  const secrets = [TOKEN, "sk-proj-Q3d9xY7Lm2Pq8Rt4Vw6Zb1Nc"];

  it.each(CLASSES)("%s", (_name, encode) => {
    const r = new Redactor();
    for (const s of secrets) r.add(s);
    for (const secret of secrets) {
      const encoded = encode(secret);
      const out = r.redact(`before ${encoded} after`);
      expect(out).toContain("***");
      expect(out.startsWith("before ") && out.endsWith(" after")).toBe(true);
      expect(leaks(out, secret), out).toBe(false);
    }
  });

  it("base32, Ascii85 and base85 at every alignment", () => {
    const r = new Redactor();
    r.add(TOKEN);
    const payloads = ["", "a", "ab", "abc", "abcd"].map((p) => `${p}${TOKEN}tail`);
    const { b32, a85, b85 } = pythonEncodings(payloads);
    for (const encoded of [...b32, ...b32.map((e) => e.toLowerCase()), ...a85, ...b85]) {
      const out = r.redact(`x ${encoded} y`);
      expect(out, encoded).toContain("***");
      expect(leaks(out, TOKEN)).toBe(false);
    }
  });

  it("keeps journal JSON parseable, whatever escape the secret was in", () => {
    const r = new Redactor();
    r.add(TOKEN);
    for (const [name, encode] of CLASSES) {
      const line = JSON.stringify({
        type: "tool.called",
        arguments: JSON.stringify({ v: encode(TOKEN) }),
      });
      const out = r.redact(line);
      expect(() => JSON.parse(out) as unknown, name).not.toThrow();
      expect(leaks(out, TOKEN), name).toBe(false);
    }
    expect(r.redactValue({ a: `&#103;${TOKEN.slice(1)}`, b: [1] })).toEqual({ a: "***", b: [1] });
  });
});

// ---------------------------------------------------------------------------------------------
// Random combinations: each character in its own encoding, splitters between them, and outer
// layers, inside random text. The seed makes a failure replayable.

function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s ^ (s >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0;
    return s / 2 ** 32;
  };
}

const CHAR_ENCODINGS: ((c: string, rnd: () => number) => string)[] = [
  (c) => c,
  (c, rnd) => `&#${"0".repeat(Math.floor(rnd() * 3))}${code(c)};`,
  (c, rnd) => `&#${rnd() < 0.5 ? "x" : "X"}${code(c).toString(16)};`,
  (c, rnd) =>
    `\\u${(rnd() < 0.5 ? (x: string) => x : (x: string) => x.toUpperCase())(code(c).toString(16).padStart(4, "0"))}`,
  (c) => `%${hex2(code(c))}`,
  (c) => `%${hex2(code(c)).toUpperCase()}`,
  (c) => `\\x${hex2(code(c))}`,
  (c) => `\\${code(c).toString(8).padStart(3, "0")}`,
  (c) => `=${hex2(code(c)).toUpperCase()}`,
  (c) => String.fromCharCode(code(c) + 0xfee0),
  (c) => `\\u{${code(c).toString(16)}}`,
  (c) => `%u00${hex2(code(c))}`,
  (c, rnd) => `&#x${"0".repeat(Math.floor(rnd() * 4))}${hex2(code(c))};`,
  (c) => ({ _: "&lowbar;", "-": "&#45;", "/": "&sol;", "+": "&plus;", "=": "&equals;" })[c] ?? c,
  (c) =>
    /[a-z]/.test(c)
      ? String.fromCodePoint(0x1d41a + code(c) - 97)
          .split("")
          .map((u) => `\\u${u.charCodeAt(0).toString(16).toUpperCase()}`)
          .join("")
      : c,
];
const SPLITTERS = [
  ...ZERO_WIDTH,
  ...[
    "<i></i>",
    "<b></b>",
    "<!---->",
    "<wbr>",
    " ",
    "\u2003",
    "\n",
    "\u2028",
    "\u3000",
    "\u0301",
    "\ufe0f",
  ],
];
const OUTER: ((s: string) => string)[] = [
  (s) => JSON.stringify(s).slice(1, -1),
  (s) => JSON.stringify({ arguments: s }),
  (s) => encodeURIComponent(s),
  (s) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;"),
];
const ALNUM = [..."abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789"];
const ORDINARY =
  "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .,;:!?()[]{}'\"/-_+@#$^|~\n\té€日😀&%=<*\\";

function ordinary(rnd: () => number, length: number): string {
  const chars = [...ORDINARY];
  return Array.from({ length }, () => chars[Math.floor(rnd() * chars.length)]).join("");
}

describe("Redactor: random combinations", () => {
  it("masks every mixture inside random text and leaves nothing that decodes to the secret", () => {
    const rnd = random(20260304);
    const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;
    for (let round = 0; round < 400; round++) {
      const body = Array.from({ length: 16 + Math.floor(rnd() * 24) }, () =>
        rnd() < 0.1 ? pick([..."/+-._~"]) : pick(ALNUM),
      );
      // An `=` only as base64 padding: inside, `=HH` is itself a quoted-printable escape.
      const secret = `tok_${body.join("")}${pick(["", "", "=", "=="])}`;
      const r = new Redactor();
      r.add(secret);
      let encoded = [...secret]
        .map((c) => pick(CHAR_ENCODINGS)(c, rnd) + (rnd() < 0.3 ? pick(SPLITTERS) : ""))
        .join("");
      for (let k = Math.floor(rnd() * 3); k > 0; k--) encoded = pick(OUTER)(encoded);
      const prefix = ordinary(rnd, Math.floor(rnd() * 40));
      const suffix = ordinary(rnd, Math.floor(rnd() * 40));
      const text = `${prefix} ${encoded} ${suffix}`;
      const out = r.redact(text);
      const why = JSON.stringify({ secret, text, out });
      expect(out, why).toContain("***");
      expect(read(out).includes(visible(secret)), why).toBe(false);
      expect(r.redact(`${prefix} ${suffix}`)).toBe(`${prefix} ${suffix}`);
    }
  });

  it("masks plain and byte encodings with random text around them", () => {
    const rnd = random(7);
    const r = new Redactor();
    r.add(TOKEN);
    const wraps: ((s: string) => string)[] = [
      (s) => s,
      (s) => b64(s),
      (s) => Buffer.from(s).toString("base64url"),
      (s) => hexOf(s),
      (s) => hexOf(s).toUpperCase(),
      (s) => b64(b64(s)),
      (s) => hexOf(b64(s)),
    ];
    for (let round = 0; round < 200; round++) {
      const inner = `${ordinary(rnd, Math.floor(rnd() * 5)).replace(/[^\x20-\x7e]/g, "")}${TOKEN}tail`;
      const encoded = wraps[round % wraps.length]!(inner);
      const out = r.redact(`${ordinary(rnd, 20)}${encoded}${ordinary(rnd, 20)}`);
      expect(out).toContain("***");
      expect(leaks(out, TOKEN), `${encoded} -> ${out}`).toBe(false);
    }
  });
});

describe("Redactor: ordinary text", () => {
  it("comes out unchanged: hashes, base64 blobs, HTML, JSON, escapes and prose", () => {
    const r = new Redactor();
    r.add(TOKEN);
    r.add("sk-proj-Q3d9xY7Lm2Pq8Rt4Vw6Zb1Nc");
    r.add("hunter22");
    const rnd = random(99);
    const blob = (n: number) =>
      Buffer.from(Array.from({ length: n }, () => Math.floor(rnd() * 256)));
    const texts = [
      `commit ${blob(20).toString("hex")} sha256:${blob(32).toString("hex").toUpperCase()}`,
      `payload=${blob(300).toString("base64")} etag="${blob(16).toString("base64url")}"`,
      `<details><summary>Files</summary><a href="https://x.io/?a=1&amp;b=%20">&lt;T&gt; &#x2014; &copy;</a></details>`,
      JSON.stringify({ a: 'line\n"quoted" \\ \u0001', b: JSON.stringify({ c: "x\ny" }) }),
      "=?utf-8?Q?caf=C3=A9?= 0x1f 0xDEADBEEF \\x41\\101 %E2%82%AC \u200b**bold** `code` ~~gone~~",
      "Résumé naïve café, 日本語のテキスト, emoji 😀👍🏽 and ｆｕｌｌ ｗｉｄｔｈ 𝐛𝐨𝐥𝐝 →",
      `${blob(64).toString("hex").match(/../g)!.join(":")} ${Array.from(blob(40)).join(",")}`,
    ];
    for (const text of texts) expect(r.redact(text)).toBe(text);
  });
});
