// The REPL keeps its input on disk and decodes only what a helper returns; search runs a bytes
// twin of the str pattern on the mapped file. Every helper must answer as it would on the decoded
// str: each answer here is checked against the same computation on `_context` in the same REPL.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ReplHost } from "../../src/rlm/host.js";

/** Real-log flavour, and the characters where bytes and str patterns part ways. */
function input(invalid: boolean): Buffer {
  const words = [
    "\ufeff2026-01-02T03:04:05.0000000Z ##[group]Run npm ci",
    "error TS2304: Cannot find name 'café'",
    "✓ 12 tests passed ❌ 1 failed",
    "résumé naïve è é É",
    "KELVIN \u212a long \u017fs and ks",
    "digits ٣٤ and 42",
    "nbsp\u00a0here",
    "FATAL-42 exited with code 1",
    "\u2028 line sep",
    "🚀 deploy",
    "",
  ];
  const parts: Buffer[] = [];
  for (let i = 0; parts.length < 30_000; i++) {
    parts.push(Buffer.from(words[(i * 7) % words.length]! + (i % 5 === 0 ? "\r\n" : "\n")));
    if (invalid && i % 997 === 0) parts.push(Buffer.from([0xff, 0xc3, 0x41, 0xe2, 0x9c, 0x0a]));
  }
  return Buffer.concat(parts);
}

const PATTERNS = [
  String.raw`FATAL-\d+`,
  String.raw`(?i)error|ks`,
  String.raw`(?i)[k-s]+`,
  String.raw`\bcaf\w*`,
  String.raw`\w+é\b`,
  String.raw`\Bé`,
  String.raw`[^a-z\n]+`,
  String.raw`.{3}$`,
  String.raw`(?m)^\S+`,
  String.raw`\s\d`,
  String.raw`✓|❌`,
  String.raw`[\u2000-\u27ff]+`,
  String.raw`(\w)\1`,
  String.raw`(?<=é)\s`,
  String.raw`a*`,
  String.raw`\x85|\u2028`,
];

async function check(
  host: ReplHost,
  countedBy: "host" | "driver" = "host",
): Promise<{ mismatches: string[]; fast: number }> {
  const pats = JSON.stringify(PATTERNS);
  // The helpers first: those with a bytes twin must not decode the input whole (the others do).
  let r = await host.exec(
    `import json, re\n_d = search.__globals__["_DATA"]\n_pats = json.loads(${JSON.stringify(pats)})\n` +
      `pk = [peek(a, a + 5000) for a in range(0, context_meta()["chars"], 7919)]\n` +
      `pl = [peek(a, a + 40, unit="lines") for a in range(1, context_meta()["lines"] + 2, 97)]\n` +
      `ch = chunk(3000, 100)\n` +
      `tw = [search.__globals__["_bytes_twin"](re.compile(p)) is not None for p in _pats]\n` +
      `got = {p: search(p, 1000) for p, t in zip(_pats, tw) if t}\n` +
      `undecoded = _d.full is None\n` +
      `got.update({p: search(p, 1000) for p, t in zip(_pats, tw) if not t})\n` +
      `print(json.dumps([undecoded, sum(tw)]))`,
  );
  expect(r.error).toBeUndefined();
  const [undecoded, fast] = JSON.parse(r.stdout) as [boolean, number];
  expect(undecoded, "a helper decoded the whole input").toBe(true);
  r = await host.exec(
    `t = _context\nbad = []\n` +
      `def ref(p):\n  out, line, prev = [], 1, 0\n  for m in re.finditer(p, t):\n` +
      `    if len(out) >= 1000: break\n    s, e = m.span(); line += t.count("\\n", prev, s); prev = s; shown = min(e, s + 500)\n` +
      `    out.append({"index": len(out), "start": s, "end": e, "line": line, "match": t[s:shown], "snippet": t[max(0, s - 120):min(len(t), shown + 120)]})\n` +
      `  return out\n` +
      `for p in _pats:\n  if list(got[p]) != ref(p): bad.append("search " + p)\n` +
      `if pk != [t[a:a + 5000] for a in range(0, len(t), 7919)]: bad.append("peek")\n` +
      `ls = t.split("\\n")\n` +
      `if pl != ["\\n".join(ls[a - 1:min(a + 40, context_meta()["lines"])]) for a in range(1, context_meta()["lines"] + 2, 97)]: bad.append("peek lines")\n` +
      `if [c["text"] for c in ch] != [t[c["start"]:c["end"]] for c in ch] or "".join(c["text"] for c in ch[:1]) != t[:ch[0]["end"]]: bad.append("chunk text")\n` +
      `if [c["start_line"] for c in ch] != [t.count("\\n", 0, c["start"]) + 1 for c in ch]: bad.append("chunk lines")\n` +
      `if not chunk_coverage(ch)["complete"]: bad.append("coverage")\n` +
      `if _d.alphabet != {c for c in set(t) if c >= "\\x80"}: bad.append("alphabet")\n` +
      // the driver's own count, as when the host sends no index, against the host's index
      `_g = search.__globals__\nown = _g["_Input"](_g["_map_and_hash"](_g["CFG"]["input"]), None)\n` +
      `if [own.bytes, own.chars, own.lines, own.ascii, own.invalid, own.digest] != [_d.bytes, _d.chars, _d.lines, _d.ascii, _d.invalid, _d.digest]: bad.append("own count")\n` +
      `if (_d.counted_by, own.counted_by) != ("${countedBy}", "driver"): bad.append("counted by " + _d.counted_by)\n` +
      `m = context_meta()\n` +
      `import hashlib\nif m["sha256"] != hashlib.sha256(_d.map[:]).hexdigest(): bad.append("sha256")\n` +
      `if (m["chars"], m["lines"], m["preview"], m["tail_preview"]) != (len(t), len(ls) - (t.endswith("\\n")), t[:500], t[-500:]): bad.append("meta")\n` +
      `print(json.dumps(bad))`,
  );
  expect(r.error).toBeUndefined();
  return { mismatches: JSON.parse(r.stdout) as string[], fast };
}

/**
 * A REPL on a file holding `data()`, started before the block's tests and closed after them;
 * `withoutWasm` starts it where the host has no WebAssembly to index the input with.
 */
function replOn(data: () => Buffer, withoutWasm = false): () => ReplHost {
  let host: ReplHost | undefined;
  const dir = mkdtempSync(join(tmpdir(), "rivumi-lazy-input-"));
  beforeAll(async () => {
    const path = join(dir, "input.log");
    writeFileSync(path, data());
    const wasm = Object.getOwnPropertyDescriptor(globalThis, "WebAssembly")!;
    if (withoutWasm) Reflect.deleteProperty(globalThis, "WebAssembly");
    try {
      host = await ReplHost.start({
        input: { path },
        onChild: () => Promise.resolve({ ok: false, error: "none" }),
        status: () => ({ child_calls: 0, budget_left: { child_calls: 0, tokens: 0 } }),
      });
    } finally {
      Object.defineProperty(globalThis, "WebAssembly", wasm);
    }
  });
  afterAll(async () => {
    await host?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return () => host!;
}

describe.each([
  ["valid UTF-8", false],
  ["with invalid bytes", true],
])("helpers on a lazily decoded input, %s", (_name, invalid) => {
  const host = replOn(() => input(invalid));

  it("answer as they would on the decoded str, most searches on the bytes", async () => {
    const { mismatches, fast } = await check(host());
    expect(mismatches).toEqual([]);
    expect(fast).toBeGreaterThanOrEqual(invalid ? 6 : 12);
  });
});

describe("helpers on an input the host could not index (no WebAssembly)", () => {
  const host = replOn(() => input(true), true);

  it("answer the same from the driver's own count", async () => {
    const { mismatches } = await check(host(), "driver");
    expect(mismatches).toEqual([]);
  });
});

// The blocks end up to 3 bytes before each 64 KiB grid line, where a character starts, and the
// host (input-index.ts) and the driver must move them alike. Here every grid line has, just before
// it, a newline followed by stray continuation bytes (or a character split across it), at each
// distance a block's end can move back.
describe("line and character counts where a block's end moves back from the grid", () => {
  const BLOCK = 1 << 16;
  const tails = [
    [0x0a, 0x80, 0x80, 0x80], // a newline, then three continuation bytes: the block ends before it
    [0x0a, 0x80, 0x80],
    [0x0a, 0x80],
    [0xe2, 0x9c, 0x93], // ✓ split across the line
    [0x0a], // a newline right before the line
  ];
  function crafted(): Buffer {
    const out = Buffer.alloc(BLOCK * 12, "line of text\n");
    for (let k = 1; k < 12; k++) {
      const tail = tails[k % tails.length]!;
      // the tail ends 0–2 bytes past the grid line
      const start = k * BLOCK - tail.length + (k % 3);
      Buffer.from(tail).copy(out, start);
    }
    return out;
  }
  const host = replOn(crafted);

  it("gives every helper the line numbers of the decoded str", async () => {
    const { mismatches } = await check(host());
    expect(mismatches).toEqual([]);
    const r = await host().exec(
      `_d = search.__globals__["_DATA"]\nprint(all(_d.lines[k] == _d.map[:_d.bytes[k]].count(b"\\n") and _d.chars[k] == len(_d.map[:_d.bytes[k]].decode("utf-8", "replace")) for k in range(len(_d.bytes))), len(_d.bytes))`,
    );
    expect(r.stdout.trim()).toBe("True 13");
  });
});
