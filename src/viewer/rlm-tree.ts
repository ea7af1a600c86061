// RLM runs as a tree: each level's root turns, with the cell's code and output and the child
// calls it made (grouped into batches with their fan-out and timing), and the nested runs that
// `sub_rlm` opened inside a turn.
import { num, str, tokensOf, addTokens, NO_TOKENS, type Tokens } from "./fields.js";
import type { RlmBatchView, RlmNodeView, RlmTurnView } from "./page-data.js";
import type { RecordedEvent } from "./read.js";
import { count, duration, type TextBudget } from "./text.js";
import { tokensText } from "./timeline.js";

const CODE_CHARS = 4_000;
const OUTPUT_CHARS = 2_000;
/** Errors listed per batch; the rest are counted. */
const BATCH_ERRORS = 3;
/** Calls of one batch start together; allow for the millisecond rounding of the journal. */
const SAME_START_MS = 5;

interface Batch {
  kind: string;
  calls: number;
  failed: number;
  start: number;
  end: number;
  firstEnd: number;
  sumMs: number;
  tokens: Tokens;
  errors: string[];
}

interface Turn {
  view: RlmTurnView;
  batches: Batch[];
}

interface Level {
  depth: number;
  view: RlmNodeView;
  turns: Turn[];
}

export function buildRlmTree(events: readonly RecordedEvent[], budget: TextBudget): RlmNodeView[] {
  const roots: RlmNodeView[] = [];
  const open: Level[] = [];
  const levels: Level[] = [];
  const levelAt = (depth: number): Level => {
    const found = open.findLast((l) => l.depth === depth);
    if (found) return found;
    // Events of a level whose start was not recorded (a journal cut at the front).
    return start(depth, "start not recorded");
  };
  const start = (depth: number, detail: string): Level => {
    while ((open.at(-1)?.depth ?? -1) >= depth) open.pop();
    const level: Level = {
      depth,
      view: {
        title: `RLM · depth ${depth}`,
        detail: budget.take(detail, 400),
        error: "",
        turns: [],
      },
      turns: [],
    };
    const parent = open.at(-1)?.turns.at(-1);
    if (parent && open.at(-1)?.depth === depth - 1) parent.view.nested.push(level.view);
    else roots.push(level.view);
    open.push(level);
    levels.push(level);
    return level;
  };
  const turnOf = (level: Level): Turn =>
    level.turns.at(-1) ?? addTurn(level, "before the first turn");

  for (const e of events) {
    if (!e.type.startsWith("rlm.")) continue;
    const depth = num(e, "depth") ?? 0;
    switch (e.type) {
      case "rlm.started":
        start(
          depth,
          [
            `input ${count(num(e, "inputChars") ?? 0)} chars`,
            str(e, "isolation") ? `isolation ${str(e, "isolation")}` : "",
            str(e, "python") ? `python ${str(e, "python")}` : "",
          ]
            .filter(Boolean)
            .join(" · "),
        );
        break;
      case "rlm.turn": {
        const tokens = tokensOf(e);
        const turn = addTurn(levelAt(depth), `turn ${num(e, "iteration") ?? "?"}`);
        turn.view.detail = budget.take(
          [
            str(e, "outcome") ?? "",
            duration(num(e, "ms") ?? 0),
            tokens ? tokensText(tokens) : "",
            `prompt ${count(num(e, "promptChars") ?? 0)} chars`,
          ]
            .filter(Boolean)
            .join(" · "),
          400,
        );
        if (str(e, "error")) turn.view.error = budget.take(str(e, "error"));
        break;
      }
      case "rlm.cell":
        addCell(turnOf(levelAt(depth)), e, budget);
        break;
      case "rlm.child_call":
        addChild(turnOf(levelAt(depth)), e);
        break;
      case "rlm.finished": {
        const level = levelAt(depth);
        const tokens = tokensOf(e);
        level.view.detail = budget.take(
          [
            level.view.detail,
            `${count(num(e, "iterations") ?? level.turns.length)} turns`,
            `${count(num(e, "childCalls") ?? 0)} child calls`,
            e.fields.finalized === true ? "finalized" : "not finalized",
            str(e, "reason") ? `reason ${str(e, "reason")}` : "",
            tokens ? `root ${tokensText(tokens)}` : "",
          ]
            .filter(Boolean)
            .join(" · "),
          600,
        );
        if (e.fields.finalized === false) level.view.error = budget.take(str(e, "reason") ?? "");
        open.splice(open.indexOf(level));
        break;
      }
    }
  }
  for (const level of levels)
    for (const turn of level.turns)
      turn.view.batches = turn.batches.map((b) => batchView(b, budget));
  return roots;
}

function addTurn(level: Level, title: string): Turn {
  const turn: Turn = {
    view: { title, detail: "", error: "", texts: [], batches: [], nested: [] },
    batches: [],
  };
  level.turns.push(turn);
  level.view.turns.push(turn.view);
  return turn;
}

function addCell(turn: Turn, e: RecordedEvent, budget: TextBudget): void {
  const flags = [
    e.fields.finalized === true ? "finalized" : "",
    e.fields.lost === true ? "REPL lost" : "",
  ].filter(Boolean);
  turn.view.detail = [
    turn.view.detail,
    budget.take(
      `cell ${duration(num(e, "ms") ?? 0)}, printed ${count(num(e, "stdoutChars") ?? 0)} chars${flags.length ? `, ${flags.join(", ")}` : ""}`,
      200,
    ),
  ]
    .filter(Boolean)
    .join(" · ");
  const code = str(e, "code");
  const output = str(e, "output");
  if (code !== undefined)
    turn.view.texts.push({ label: "code", text: budget.take(code, CODE_CHARS), code: true });
  if (output)
    turn.view.texts.push({ label: "output", text: budget.take(output, OUTPUT_CHARS), code: true });
  const error = str(e, "error");
  if (error) turn.view.error = budget.take(error);
}

/** A call joins the open batch when it is of the same kind and began with it, or while it ran. */
function addChild(turn: Turn, e: RecordedEvent): void {
  const ms = num(e, "ms") ?? 0;
  const end = e.time ?? 0;
  const begin = end - ms;
  const kind = str(e, "kind") ?? "call";
  const last = turn.batches.at(-1);
  const joins =
    last !== undefined &&
    last.kind === kind &&
    (begin <= last.start + SAME_START_MS || begin < last.firstEnd);
  const batch: Batch = joins
    ? last
    : {
        kind,
        calls: 0,
        failed: 0,
        start: begin,
        end,
        firstEnd: end,
        sumMs: 0,
        tokens: { ...NO_TOKENS },
        errors: [],
      };
  if (!joins) turn.batches.push(batch);
  batch.calls++;
  batch.start = Math.min(batch.start, begin);
  batch.end = Math.max(batch.end, end);
  batch.firstEnd = Math.min(batch.firstEnd, end);
  batch.sumMs += ms;
  addTokens(batch.tokens, tokensOf(e));
  if (e.fields.ok === false) {
    batch.failed++;
    batch.errors.push(str(e, "error") ?? "failed");
  }
}

function batchView(b: Batch, budget: TextBudget): RlmBatchView {
  const listed = b.errors.slice(0, BATCH_ERRORS).map((x) => budget.take(x, 400));
  if (b.errors.length > BATCH_ERRORS)
    listed.push(`… and ${count(b.errors.length - BATCH_ERRORS)} more`);
  return {
    title: budget.take(`${count(b.calls)} × ${b.kind}`, 120),
    detail: [
      b.calls > 1 ? `fan-out ${count(b.calls)}` : "one call",
      `wall ${duration(b.end - b.start)}`,
      b.calls > 1 ? `sum ${duration(b.sumMs)}` : "",
      tokensText(b.tokens),
      b.failed > 0 ? `${count(b.failed)} failed` : "",
    ]
      .filter(Boolean)
      .join(" · "),
    errors: listed,
  };
}
