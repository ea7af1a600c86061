// How an input's raw text becomes a value: each parser names what it expected in its message.
import * as z from "zod";

export const trimmed = z.string().transform((s) => s.trim());
export const optionalText = trimmed.transform((s) => (s === "" ? undefined : s));
export const positiveInt = (fallback: number) =>
  trimmed.transform((s, ctx) => {
    if (s === "") return fallback;
    if (!/^\d+$/.test(s) || Number(s) < 1) {
      ctx.addIssue({ code: "custom", message: "expected a whole number of at least 1" });
      return z.NEVER;
    }
    return Number(s);
  });
export const optionalPositiveInt = trimmed.transform((s, ctx) => {
  if (s === "") return undefined;
  if (!/^\d+$/.test(s) || Number(s) < 1) {
    ctx.addIssue({ code: "custom", message: "expected a whole number of at least 1" });
    return z.NEVER;
  }
  return Number(s);
});
/** One of `values`, any case; "" is `fallback`. The message lists every allowed value. */
export const oneOf = <const T extends readonly [string, ...string[]]>(
  values: T,
  fallback?: T[number],
) =>
  trimmed
    .transform((s) => (s === "" ? fallback : s.toLowerCase()))
    .pipe(
      z
        .enum(values, { message: `expected ${values.slice(0, -1).join(", ")} or ${values.at(-1)}` })
        .optional(),
    );
export const optionalPrice = trimmed.transform((s, ctx) => {
  if (s === "") return undefined;
  const n = Number(s);
  if (!Number.isFinite(n) || n < 0) {
    ctx.addIssue({ code: "custom", message: "expected a non-negative number such as 2.5" });
    return z.NEVER;
  }
  return n;
});
export const flag = (fallback: boolean) =>
  trimmed.transform((s, ctx) => {
    const v = s.toLowerCase();
    if (v === "") return fallback;
    if (v === "true") return true;
    if (v === "false") return false;
    ctx.addIssue({ code: "custom", message: "expected true or false" });
    return z.NEVER;
  });
export const list = trimmed.transform((s) =>
  s
    .split(/[\s,]+/)
    .map((x) => x.trim().toLowerCase())
    .filter((x) => x !== ""),
);
export const url = trimmed.transform((s, ctx) => {
  if (s === "") return "https://api.openai.com/v1";
  try {
    const u = new URL(s);
    if (u.protocol !== "https:" && u.protocol !== "http:") throw new Error("protocol");
    return s.replace(/\/+$/, "");
  } catch {
    ctx.addIssue({
      code: "custom",
      message: "expected an http(s) URL such as https://api.openai.com/v1",
    });
    return z.NEVER;
  }
});

export const globs = trimmed.transform((s) =>
  s
    .split(/[\n,]+/)
    .map((x) => x.trim())
    .filter((x) => x !== ""),
);
