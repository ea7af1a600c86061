/** "1 entry", "2 entries": a count with its noun in the right number (`many` defaults to noun + s). */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;
}
