// The hidden line a sticky comment carries state in: `<!-- rivumi:state <base64url> -->`. What
// the state says is its feature's business (`review/state.ts`); publishing only keeps the line.

/** How a state line starts. */
export const STATE_PREFIX = "<!-- rivumi:state ";
/** Most characters of the encoded state a line may carry; a longer one is not read back. */
export const STATE_MAX_CHARS = 40_000;
const STATE_LINE = new RegExp(`^<!-- rivumi:state ([A-Za-z0-9_-]{1,${STATE_MAX_CHARS}}) -->$`, "m");

/** Whether a comment's content already carries a state line. */
export const hasState = (content: string) => content.includes(STATE_PREFIX);

/** The state line of a comment, as written, if it has one. */
export function stateLine(body: string): string | undefined {
  return STATE_LINE.exec(body)?.[0];
}

/** The encoded state in a comment's state line, if the line is in the expected form. */
export function encodedState(body: string): string | undefined {
  return STATE_LINE.exec(body)?.[1];
}
