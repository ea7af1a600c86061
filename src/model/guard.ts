// What every model request goes through before it leaves the process, whoever builds it: the
// agent loop, the RLM root and its children, the review's child calls, and any later kind.
import { revealInvisible } from "../util/invisible.js";
import type { ChatMessage } from "./port.js";

/** Texts seen before: a conversation is sent again with one more message each turn. */
const CACHE_LIMIT = 2_048;
/**
 * Characters the cache holds, its texts and their safe forms counted. A conversation fits many
 * times over; without the bound a review's thousand child batches (each sent once, 60,000
 * characters) were all kept, twice, for the whole run: a hundred megabytes or more that the
 * garbage collector moved and marked again and again.
 */
const CACHE_CHARS = 16_000_000;
/**
 * Any character `revealInvisible` may mark: everything but tab, newline and the printable
 * characters of Latin-1 other than the soft hyphen (a `\r` too, for its `\r` not before `\n`).
 * A text without one, as most diffs are, is returned as it is, so a plain non-Unicode pass
 * decides it: at review scale the Unicode-aware pass over every request cost a quarter second.
 */
export const MAY_HIDE = /[^\t\n\x20-\x7e\xa0-\xac\xae-\xff]/;

/**
 * Makes model-bound text safe to send: every secret the run knows is masked first (so that a
 * model never learns one it could then write in some encoding), then every invisible character
 * is shown as a marker (`⟦U+202E⟧`), so that nothing the model reads can hide text from the
 * people who read the same diff, title or log. The order matters: a secret spread out by
 * zero-width characters is still one secret to the redactor, and no longer one after marking.
 */
export class ModelGuard {
  private readonly seen = new Map<string, string>();
  private seenChars = 0;

  constructor(private readonly redact: ((text: string) => string) | undefined) {}

  /** One text as the model will read it. */
  text(text: string): string {
    if (text.length === 0) return text;
    const known = this.seen.get(text);
    if (known !== undefined) return known;
    const masked = this.redact ? this.redact(text) : text;
    const safe = MAY_HIDE.test(masked) ? revealInvisible(masked).text : masked;
    const chars = text.length + safe.length;
    if (chars > CACHE_CHARS) return safe;
    // The secrets known may grow during a run: a cache cleared now and then keeps up with them.
    if (this.seen.size >= CACHE_LIMIT || this.seenChars + chars > CACHE_CHARS) {
      this.seen.clear();
      this.seenChars = 0;
    }
    this.seen.set(text, safe);
    this.seenChars += chars;
    return safe;
  }

  /** Every message, with each of its texts and tool-call arguments made safe. */
  messages(messages: readonly ChatMessage[]): ChatMessage[] {
    return messages.map((message) => this.message(message));
  }

  private message(message: ChatMessage): ChatMessage {
    const content = message.content;
    let out: ChatMessage = message;
    if (typeof content === "string") out = { ...message, content: this.text(content) };
    else if (Array.isArray(content))
      out = {
        ...message,
        content: content.map((part: object) =>
          "text" in part && typeof part.text === "string"
            ? { ...part, text: this.text(part.text) }
            : part,
        ),
      } as ChatMessage;
    const reasoning = (out as { reasoning_content?: unknown }).reasoning_content;
    if (typeof reasoning === "string")
      out = { ...out, reasoning_content: this.masked(reasoning) } as unknown as ChatMessage;
    if (out.role === "assistant" && out.tool_calls)
      // The model's own arguments are JSON: only masked, since a marker would change the value.
      out = {
        ...out,
        tool_calls: out.tool_calls.map((call) =>
          call.type === "function"
            ? {
                ...call,
                function: { ...call.function, arguments: this.masked(call.function.arguments) },
              }
            : call,
        ),
      };
    return out;
  }

  private masked(text: string): string {
    return this.redact ? this.redact(text) : text;
  }
}
