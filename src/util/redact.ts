const MASK = "***";
const MIN_SECRET = 6;

/** Base64 text that appears wherever `secret` is encoded inside a larger base64 payload. */
function base64Forms(secret: Buffer): string[] {
  const forms: string[] = [];
  for (let shift = 0; shift < 3; shift++) {
    const encoded = Buffer.concat([Buffer.alloc(shift), secret]).toString("base64");
    // Only whole 3-byte groups made entirely of secret bytes encode the same way in any payload.
    const first = Math.ceil(shift / 3) * 4;
    const last = Math.floor((shift + secret.length) / 3) * 4;
    const core = encoded.slice(first, last);
    if (core.length >= MIN_SECRET) {
      forms.push(core, core.replace(/\+/g, "-").replace(/\//g, "_"));
    }
  }
  return forms;
}

/** Replaces every registered secret, and its base64 and URL encodings, with `***`. */
export class Redactor {
  private readonly needles = new Set<string>();
  private pattern: RegExp | undefined;

  add(secret: string | undefined): void {
    if (!secret || secret.length < MIN_SECRET) return;
    const forms = [secret, encodeURIComponent(secret), ...base64Forms(Buffer.from(secret, "utf8"))];
    for (const f of forms) this.needles.add(f);
    this.pattern = undefined;
  }

  get secrets(): readonly string[] {
    return [...this.needles];
  }

  redact(text: string): string {
    if (this.needles.size === 0) return text;
    this.pattern ??= new RegExp(
      [...this.needles]
        .sort((a, b) => b.length - a.length)
        .map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
        .join("|"),
      "g",
    );
    return text.replace(this.pattern, MASK);
  }

  /** Redacts every string inside a JSON-like value. */
  redactValue<T>(value: T): T {
    return JSON.parse(this.redact(JSON.stringify(value))) as T;
  }
}
