import { createHash } from "node:crypto";
import { rejected, type FileCheck } from "./types.js";

/**
 * The content rules shared by every source: at most `maxBytes`, no NUL byte, valid UTF-8.
 * `bytes` may hold one byte more than the cap (a bounded read's way of saying "more").
 */
export function checkBytes(bytes: Uint8Array, maxBytes: number, size = bytes.length): FileCheck {
  if (bytes.length > maxBytes) return rejected("too-large", Math.max(size, bytes.length));
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  if (bytes.includes(0)) return rejected("nul-byte", bytes.length, sha256);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return rejected("not-utf8", bytes.length, sha256);
  }
  return { ok: true, text, bytes: bytes.length, sha256 };
}
