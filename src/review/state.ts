// What Rivumi remembers between the reviews of one pull request, kept in a hidden line of its own
// sticky comment: the head and merge base it last reviewed in full, the fingerprints of the
// findings it put on lines, and enough of the newest of them to tell later whether their lines
// are gone. Read only from a comment Rivumi's own login wrote (`StickyComment` checks the author),
// and validated: anything else is ignored with a notice, and the next review is a full one.
import { createHash } from "node:crypto";
import * as z from "zod";
import { encodedState, hasState, STATE_MAX_CHARS, STATE_PREFIX } from "../markdown/state-line.js";
import type { Finding, LastReview, PostedFinding, ReviewState } from "../outcome/review.js";

/** Most fingerprints kept; past it the oldest are dropped (a repost is the worst that follows). */
export const MAX_FINGERPRINTS = 400;
/** Most posted findings kept with their place, for the "no longer applies" list. */
export const MAX_POSTED = 40;
/** Most dismissed findings kept; past it the oldest may be posted again. */
export const MAX_DISMISSED = 200;

const sha = z.string().regex(/^[0-9a-f]{40,64}$/);
const hex16 = z.string().regex(/^[0-9a-f]{16}$/);

/** A finding on a line, as the state keeps it: short, and with its quote only as a hash. */
const postedSchema: z.ZodType<PostedFinding> = z.object({
  /** The finding's fingerprint. */
  f: hex16,
  p: z.string().min(1).max(200),
  l: z.number().int().positive(),
  t: z.string().max(80),
  /** Hash of the quoted line (see `quoteHash`); absent when the model quoted nothing. */
  q: hex16.optional(),
});

const v1Schema = z.object({
  v: z.literal(1),
  head: sha,
  fingerprints: z.array(hex16).max(MAX_FINGERPRINTS),
});

const v2Schema: z.ZodType<ReviewState> = z.object({
  v: z.literal(2),
  /** The head of the last review that examined everything it was given; absent if none did. */
  head: sha.optional(),
  /** The merge base that review was taken from: when it moves, the next review is not a plain increment. */
  base: sha.optional(),
  fingerprints: z.array(hex16).max(MAX_FINGERPRINTS),
  posted: z.array(postedSchema).max(MAX_POSTED),
  dismissed: z.array(hex16).max(MAX_DISMISSED).optional(),
});

const norm = (s: string) => s.replace(/\s+/g, " ").trim();

/** The hash of a quoted line as the state compares it: whitespace runs count as one space. */
export function quoteHash(text: string): string {
  return createHash("sha256").update(norm(text)).digest("hex").slice(0, 16);
}

/**
 * Path, quoted line and severity: the same problem on the same code, however the model words its
 * title this time. Without a quote, the line number stands in for it.
 */
export function fingerprint(f: Finding): string {
  const what = f.quote !== undefined && norm(f.quote) !== "" ? norm(f.quote) : `#${f.line}`;
  return createHash("sha256")
    .update([f.path, f.side ?? "RIGHT", what, f.severity].join("\u0000"))
    .digest("hex")
    .slice(0, 16);
}

/** A finding as the state keeps it, or undefined when it cannot be (a path too long to keep). */
export function postedFinding(f: Finding): PostedFinding | undefined {
  if (f.path.length > 200 || (f.side ?? "RIGHT") !== "RIGHT") return undefined;
  const quoted = f.quote !== undefined && norm(f.quote) !== "";
  return {
    f: fingerprint(f),
    p: f.path,
    l: f.line,
    t: (f.title ?? norm(f.body)).slice(0, 80),
    ...(quoted ? { q: quoteHash(f.quote!) } : {}),
  };
}

/**
 * The hidden line that carries the state; base64url, so no text in it can end the comment. A state
 * too long to be read back (long non-ASCII paths and titles) loses its oldest entries until it fits:
 * first the places kept for "no longer applies", then fingerprints, then dismissals.
 */
export function renderState(state: ReviewState): string {
  const kept = {
    ...state,
    fingerprints: [...new Set(state.fingerprints)].slice(-MAX_FINGERPRINTS),
    posted: state.posted.slice(-MAX_POSTED),
    dismissed: [...new Set(state.dismissed ?? [])].slice(-MAX_DISMISSED),
  };
  const encode = () => {
    const { dismissed, ...rest } = kept;
    const json = JSON.stringify(dismissed.length > 0 ? { ...rest, dismissed } : rest);
    return Buffer.from(json).toString("base64url");
  };
  let encoded = encode();
  while (encoded.length > STATE_MAX_CHARS) {
    if (kept.posted.length > 0) kept.posted.shift();
    else if (kept.fingerprints.length > 0) kept.fingerprints.shift();
    else if (kept.dismissed.length > 0) kept.dismissed.shift();
    else break;
    encoded = encode();
  }
  return `${STATE_PREFIX}${encoded} -->`;
}

/**
 * Reads the state from the body of Rivumi's own comment: `state` when it is valid, `notice` when
 * there was one that is not, neither when there was none. A first-version state (a head and
 * fingerprints, no base) reads as one with no reviewed head: it says nothing of the merge base.
 */
export function readState(body: string): LastReview {
  if (!hasState(body)) return {};
  const encoded = encodedState(body);
  if (!encoded) return { notice: "its state line is not in the expected form" };
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(encoded, "base64url").toString("utf8"));
  } catch {
    return { notice: "its state is not JSON" };
  }
  const v2 = v2Schema.safeParse(json);
  if (v2.success) return { state: v2.data };
  const v1 = v1Schema.safeParse(json);
  if (v1.success) return { state: { v: 2, fingerprints: v1.data.fingerprints, posted: [] } };
  return { notice: `its state does not validate (${v2.error.issues[0]?.message ?? "?"})` };
}

/** What a dismissal is known by: the file, and the quoted line's hash (`quoted`, see `quoteHash`). */
export function dismissalKey(path: string, quoted: string): string {
  return createHash("sha256").update(`${path}\u0000${quoted}`).digest("hex").slice(0, 16);
}
