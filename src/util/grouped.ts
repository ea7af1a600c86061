/**
 * A whole number with its thousands grouped by commas, as `toLocaleString("en-US")` writes it:
 * "1,234,567". Written out because the first `toLocaleString` call of a process loads ICU's
 * number formatting, some 13 ms that a short command (a triage, a start-up) pays for one number.
 * Anything that is not a safe integer is left to `toLocaleString`, which says it the same way.
 */
export function grouped(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString("en-US");
  const digits = String(Math.abs(n));
  let out = digits.slice(0, ((digits.length - 1) % 3) + 1);
  for (let i = out.length; i < digits.length; i += 3) out += `,${digits.slice(i, i + 3)}`;
  return n < 0 || Object.is(n, -0) ? `-${out}` : out;
}
