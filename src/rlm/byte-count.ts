// Two byte counts over the REPL's input, 16 bytes at a time in WebAssembly SIMD: newlines, and
// UTF-8 continuation bytes (10xxxxxx; a valid block has one character per other byte). Each 16
// bytes: one compare, a bitmask of the matching lanes, its popcount. Over 100 MB of real logs that
// is about 20 ms for the newlines, where `Buffer.indexOf` once per newline takes 50-70 ms (#28).
// The module is a few dozen instructions, assembled below; the data is read straight into its
// memory. Where WebAssembly SIMD is unavailable (a CPU without SSE4.1, `--jitless`) building the
// counter throws, and the REPL's driver counts the blocks itself.

const I32 = 0x7f;
const OP = {
  block: [0x02, 0x40],
  loop: [0x03, 0x40],
  end: 0x0b,
  br: 0x0c,
  brIf: 0x0d,
  get: 0x20,
  set: 0x21,
  i32Const: 0x41,
  i32Load8U: 0x2d,
  i32Eq: 0x46,
  i32GeU: 0x4f,
  i32Popcnt: 0x69,
  i32Add: 0x6a,
  i32And: 0x71,
} as const;
const simd = (opcode: number) => [0xfd, opcode];
const V128_LOAD = simd(0x00);
const I8X16_EQ = simd(0x23);
const V128_AND = simd(0x4e);
const I8X16_BITMASK = simd(0x64);
const splat = (byte: number) => [...simd(0x0c), ...Array<number>(16).fill(byte)];

function leb(n: number): number[] {
  const out: number[] = [];
  do {
    const low = n & 0x7f;
    n >>>= 7;
    out.push(n ? low | 0x80 : low);
  } while (n);
  return out;
}

/** Signed LEB128, as `i32.const` takes its operand (0x80 takes two bytes, -16 one). */
function sleb(n: number): number[] {
  const out: number[] = [];
  for (;;) {
    const low = n & 0x7f;
    n >>= 7;
    const done = (n === 0 && !(low & 0x40)) || (n === -1 && (low & 0x40) !== 0);
    out.push(done ? low : low | 0x80);
    if (done) return out;
  }
}

const i32Const = (n: number) => [OP.i32Const, ...sleb(n)];

/**
 * `(p, n) -> count` of the bytes in [p, p + n) for which `vector` (on 16 bytes, leaving lanes of
 * all ones where a byte counts) or, for the last n % 16, `scalar` (on one byte, leaving 0 or 1)
 * holds. Params 0 = p, 1 = n; locals 2 = end, 3 = count, 4 = where the whole vectors end.
 */
function counter(vector: number[], scalar: number[]): number[] {
  const body = [
    ...[1, 3, I32],
    ...[OP.get, 0, OP.get, 1, ...i32Const(-16), OP.i32And, OP.i32Add, OP.set, 4],
    ...[OP.get, 0, OP.get, 1, OP.i32Add, OP.set, 2],
    ...OP.block,
    ...OP.loop,
    ...[OP.get, 0, OP.get, 4, OP.i32GeU, OP.brIf, 1],
    ...[OP.get, 3, OP.get, 0, ...V128_LOAD, 0, 0, ...vector, ...I8X16_BITMASK, OP.i32Popcnt],
    ...[OP.i32Add, OP.set, 3, OP.get, 0, ...i32Const(16), OP.i32Add, OP.set, 0, OP.br, 0],
    ...[OP.end, OP.end],
    ...OP.block,
    ...OP.loop,
    ...[OP.get, 0, OP.get, 2, OP.i32GeU, OP.brIf, 1],
    ...[OP.get, 3, OP.get, 0, OP.i32Load8U, 0, 0, ...scalar, OP.i32Add, OP.set, 3],
    ...[OP.get, 0, ...i32Const(1), OP.i32Add, OP.set, 0, OP.br, 0],
    ...[OP.end, OP.end],
    ...[OP.get, 3, OP.end],
  ];
  return [...leb(body.length), ...body];
}

const name = (text: string) => [text.length, ...Buffer.from(text, "latin1")];
const section = (id: number, bytes: number[]) => [id, ...leb(bytes.length), ...bytes];

const NEWLINES = counter([...splat(0x0a), ...I8X16_EQ], [...i32Const(0x0a), OP.i32Eq]);
const CONTINUATIONS = counter(
  [...splat(0xc0), ...V128_AND, ...splat(0x80), ...I8X16_EQ],
  [...i32Const(0xc0), OP.i32And, ...i32Const(0x80), OP.i32Eq],
);

const MODULE = Uint8Array.from([
  ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
  ...section(1, [1, 0x60, 2, I32, I32, 1, I32]), // one type: (i32, i32) -> i32
  ...section(3, [2, 0, 0]), // two functions of it
  ...section(5, [1, 0, 1]), // a memory of one page at first
  ...section(7, [
    ...[3, ...name("memory"), 2, 0],
    ...[...name("newlines"), 0, 0],
    ...[...name("continuations"), 0, 1],
  ]),
  ...section(10, [2, ...NEWLINES, ...CONTINUATIONS]),
]);

/** What is used here of the WebAssembly JS API, which Node has and @types/node 20 does not declare. */
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object) => { exports: Record<string, unknown> };
}
interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}

export interface ByteCounter {
  /** The counter's memory: read data into it, then count a range of it. */
  readonly bytes: Buffer;
  newlines(start: number, end: number): number;
  continuations(start: number, end: number): number;
}

/** A counter whose memory holds at least `capacity` bytes. Throws where WebAssembly SIMD is not to be had. */
export function byteCounter(capacity: number): ByteCounter {
  const wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;
  const { exports } = new wasm.Instance(new wasm.Module(MODULE));
  const memory = exports.memory as WasmMemory;
  const count = (fn: unknown) => fn as (p: number, n: number) => number;
  const newlines = count(exports.newlines);
  const continuations = count(exports.continuations);
  memory.grow(Math.max(0, Math.ceil(capacity / 65536) - 1));
  const bytes = Buffer.from(memory.buffer, 0, capacity);
  return {
    bytes,
    newlines: (start, end) => newlines(start, end - start),
    continuations: (start, end) => continuations(start, end - start),
  };
}
