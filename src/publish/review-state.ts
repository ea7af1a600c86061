// What Rivumi remembers between the reviews of one pull request, kept in a hidden line of its own
// sticky comment: the head it last reviewed and the fingerprints of the findings it put on lines.
// Read only from a comment Rivumi's own login wrote (`StickyComment` checks the author), and
// validated: anything else is ignored with a notice, and every finding counts as new.
import { createHash } from "node:crypto";
import * as z from "zod";
import type { Finding } from "../outcome/review.js";

/** Most fingerprints kept; past it the oldest are dropped (a repost is the worst that follows). */
export const MAX_FINGERPRINTS = 400;

const STATE_PREFIX = "<!-- rivumi:state ";
const STATE_LINE = /^<!-- rivumi:state ([A-Za-z0-9_-]{1,20000}) -->$/m;

const stateSchema = z.object({
  v: z.literal(1),
  /** The head commit the last review was pinned to. */
  head: z.string().regex(/^[0-9a-f]{40,64}$/),
  fingerprints: z.array(z.string().regex(/^[0-9a-f]{16}$/)).max(MAX_FINGERPRINTS),
});

export type ReviewState = z.infer<typeof stateSchema>;

const norm = (s: string) => s.replace(/\s+/g, " ").trim();

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

/** The hidden line that carries the state; base64url, so no text in it can end the comment. */
export function renderState(state: ReviewState): string {
  const kept = { ...state, fingerprints: state.fingerprints.slice(-MAX_FINGERPRINTS) };
  return `${STATE_PREFIX}${Buffer.from(JSON.stringify(kept)).toString("base64url")} -->`;
}

/** Whether a comment's content already carries a state line. */
export const hasState = (content: string) => content.includes(STATE_PREFIX);

/** The state line of a comment, as written, if it has one. */
export function stateLine(body: string): string | undefined {
  return STATE_LINE.exec(body)?.[0];
}

/**
 * Reads the state from the body of Rivumi's own comment: `state` when it is valid, `notice` when
 * there was one that is not, neither when there was none.
 */
export function readState(body: string): { state?: ReviewState; notice?: string } {
  if (!hasState(body)) return {};
  const encoded = STATE_LINE.exec(body)?.[1];
  if (!encoded) return { notice: "its state line is not in the expected form" };
  try {
    const parsed = stateSchema.safeParse(
      JSON.parse(Buffer.from(encoded, "base64url").toString("utf8")),
    );
    if (parsed.success) return { state: parsed.data };
    return { notice: `its state does not validate (${parsed.error.issues[0]?.message ?? "?"})` };
  } catch {
    return { notice: "its state is not JSON" };
  }
}
