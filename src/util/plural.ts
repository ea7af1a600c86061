import { grouped } from "./grouped.js";

/** "1 entry", "2 entries": a count with its noun in the right number (`many` defaults to noun + s). */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${grouped(n)} ${n === 1 ? one : many}`;
}
