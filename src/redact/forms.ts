// The byte encodings of a secret that survive being embedded in a larger encoded payload: for
// each alignment of the secret in the payload, the run of output made only of secret bytes.

/** A needle to search for; hex and base32 are matched without regard to case. */
export interface Form {
  readonly text: string;
  readonly caseless: boolean;
}

type Encoder = (bytes: Buffer) => string[];

/** The output groups made only of secret bytes, at every alignment (`group` bytes -> `chars`). */
function cores(
  bytes: Buffer,
  group: number,
  chars: number,
  encode: (b: Buffer) => string,
): string[] {
  const out: string[] = [];
  for (let shift = 0; shift < group; shift++) {
    const first = Math.ceil(shift / group) * chars;
    const last = Math.floor((shift + bytes.length) / group) * chars;
    if (last > first)
      out.push(encode(Buffer.concat([Buffer.alloc(shift), bytes])).slice(first, last));
  }
  return out;
}

const hex: Encoder = (b) => [b.toString("hex")];

const base64: Encoder = (b) =>
  cores(b, 3, 4, (x) => x.toString("base64")).flatMap((core) => [
    core,
    core.replace(/\+/g, "-").replace(/\//g, "_"),
  ]);

function radix(alphabet: string, bits: number): (b: Buffer) => string {
  return (b) => {
    let out = "";
    let acc = 0;
    let n = 0;
    for (const byte of b) {
      acc = ((acc << 8) | byte) & 0xffff;
      n += 8;
      while (n >= bits) {
        n -= bits;
        out += alphabet[(acc >> n) & ((1 << bits) - 1)];
      }
    }
    return n > 0 ? out + alphabet[(acc << (bits - n)) & ((1 << bits) - 1)] : out;
  };
}

const base32: Encoder = (b) => cores(b, 5, 8, radix("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 5));

function base85With(alphabet: string): Encoder {
  const encode = (b: Buffer) => {
    let out = "";
    for (let i = 0; i + 4 <= b.length; i += 4) {
      let v = b.readUInt32BE(i);
      let group = "";
      for (let k = 0; k < 5; k++) {
        group = alphabet[v % 85]! + group;
        v = Math.floor(v / 85);
      }
      out += group;
    }
    return out;
  };
  return (b) => cores(b, 4, 5, encode);
}

/** Adobe/btoa Ascii85 (Python `a85encode`) and RFC 1924 / git / Python `b85encode`. */
const ascii85 = base85With(
  Array.from({ length: 85 }, (_, k) => String.fromCharCode(33 + k)).join(""),
);
const base85 = base85With(
  "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz!#$%&()*+-;<=>?@^_`{|}~",
);

/** Character codes in decimal, as in `[103,104,115]`; the separators vanish when read. */
const decimal: Encoder = (b) => [Array.from(b, (x) => String(x)).join("")];

/** Bytes as eight binary digits each, as in `01100111 01101000`. */
const binary: Encoder = (b) => [Array.from(b, (x) => x.toString(2).padStart(8, "0")).join("")];

const CASELESS = new Set<Encoder>([hex, base32]);

/**
 * Encodings applied innermost first. Base64, hex and base32 nest two deep, base64 three deep;
 * the rarer encodings only wrap the secret itself.
 */
const CHAINS: readonly (readonly Encoder[])[] = [
  [hex],
  [base64],
  [base32],
  [ascii85],
  [base85],
  [decimal],
  [binary],
  ...[hex, base64, base32].flatMap((inner) => [hex, base64, base32].map((outer) => [inner, outer])),
  [base64, base64, base64],
];

/** Shorter needles than this would match ordinary text by chance. */
const MIN_CASED = 6;
const MIN_CASELESS = 8;

/** Encodings of the secret's UTF-16 bytes (what Windows and Java tools write), one layer. */
const WIDE: readonly Encoder[] = [hex, base64, base32];

/** The encoded forms of `secret` to search for, each at every alignment. */
export function encodedForms(secret: string): Form[] {
  const sources = [secret, encodeURIComponent(secret)].map((s) => Buffer.from(s, "utf8"));
  const wide = [Buffer.from(secret, "utf16le"), Buffer.from(secret, "utf16le").swap16()];
  const out = new Map<string, Form>();
  const keep = (encoder: Encoder, outputs: string[]) => {
    const caseless = CASELESS.has(encoder);
    for (const text of outputs)
      if (text.length >= (caseless ? MIN_CASELESS : MIN_CASED))
        out.set(caseless ? text.toLowerCase() : text, { text, caseless });
  };
  for (const chain of CHAINS) {
    let inputs = sources;
    chain.forEach((encoder, depth) => {
      const outputs = inputs.flatMap(encoder);
      if (depth === chain.length - 1) keep(encoder, outputs);
      inputs = outputs.map((s) => Buffer.from(s, "latin1"));
    });
  }
  for (const encoder of WIDE) keep(encoder, wide.flatMap(encoder));
  return [...out.values()];
}

/** The plain, URL, hex and base64 forms, for the runner to mask in the log (`core.setSecret`). */
export function logForms(secret: string): string[] {
  const bytes = Buffer.from(secret, "utf8");
  const forms = [secret, encodeURIComponent(secret), bytes.toString("hex")];
  forms.push(bytes.toString("hex").toUpperCase());
  for (const core of base64(bytes)) if (core.length >= MIN_CASED) forms.push(core);
  return [...new Set(forms)];
}
