// The verify command's output as a reply shows it: the last lines, bounded however much the command
// printed, without the terminal codes a test runner colours them with, redacted.
import { describe, expect, it } from "vitest";
import { clean, OutputTail, TAIL_BYTES, TAIL_LINES } from "../../src/fix/verify-output.js";

const same = (text: string) => text;

describe("OutputTail", () => {
  it("holds a bounded amount however much streams through, and counts all of it", () => {
    const tail = new OutputTail();
    const line = Buffer.from(`${"y".repeat(99)}\n`);
    const chunk = Buffer.concat(Array.from({ length: 640 }, () => line)); // 64 KB, a pipe's read
    let most = 0;
    for (let i = 0; i < 160; i++) {
      tail.push(chunk);
      most = Math.max(most, tail.heldBytes);
    }
    tail.push(Buffer.from("summary: 3 failed\n"));
    expect(tail.bytes).toBe(160 * 64_000 + 18);
    expect(most).toBeLessThanOrEqual(2 * 64 * 1024 + chunk.length);
    const text = tail.tail(same);
    expect(text.split("\n")).toHaveLength(TAIL_LINES);
    expect(text.endsWith(`${"y".repeat(99)}\nsummary: 3 failed`)).toBe(true);
  });

  it("leaves out the half line where what it kept begins", () => {
    const tail = new OutputTail();
    tail.push(Buffer.from("z".repeat(200_000))); // one line longer than what is kept
    tail.push(Buffer.from("\nend\n"));
    expect(tail.tail(same)).toBe("end");
  });

  it("cuts long lines to the byte bound at a character's start", () => {
    const tail = new OutputTail();
    tail.push(Buffer.from(`first\n${"é".repeat(TAIL_BYTES)}`));
    const text = tail.tail(same);
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(TAIL_BYTES);
    expect(text).toMatch(/^é+$/);
  });

  it("redacts what it kept before cutting, so a secret is not left in halves", () => {
    const tail = new OutputTail();
    tail.push(Buffer.from("token=sk-abc"));
    tail.push(Buffer.from("def123\nok\n"));
    expect(tail.tail((t) => t.replaceAll("sk-abcdef123", "[REDACTED]"))).toBe(
      "token=[REDACTED]\nok",
    );
  });
});

describe("clean", () => {
  it("drops colours and control codes and keeps a progress line's last state", () => {
    expect(clean("\x1b[31mFAIL\x1b[39m sum\r\n")).toBe("FAIL sum\n");
    expect(clean("10%\r50%\r100% done\n\x07bell\x1b]0;title\x07")).toBe("100% done\nbell");
  });
});
