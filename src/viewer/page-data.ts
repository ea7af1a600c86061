// The data the page's script renders. Every string here is already bounded and has its invisible
// characters shown; the script puts it into the page with textContent only.

/** A table cell: plain text, or text with an http(s) link, or text marked as an error. */
export type Cell = string | { text: string; href?: string; error?: boolean; code?: boolean };

export interface Table {
  caption?: string;
  columns: string[];
  rows: Cell[][];
  /** Indexes of the columns aligned right. */
  numeric?: number[];
}

export interface Section {
  id: string;
  title: string;
  /** Shown when the section has nothing to show, instead of its tables. */
  empty?: string;
  notes?: string[];
  tables: Table[];
}

/** A long value, shown collapsed. */
export interface LongText {
  label: string;
  text: string;
  code?: boolean;
}

/** One row of the timeline: one event, or a request (or call) with its response (or result). */
export interface Row {
  seq: number;
  /** Time since the first event, `+12.3 s`. */
  at: string;
  phase: string;
  /** What the kind filter selects on: model, tool, rlm, context, publish, run, memory, … */
  kind: string;
  title: string;
  detail: string;
  /** Empty when nothing went wrong. */
  error: string;
  texts: LongText[];
  href?: string;
}

export interface RlmBatchView {
  title: string;
  detail: string;
  errors: string[];
}

export interface RlmTurnView {
  title: string;
  detail: string;
  error: string;
  texts: LongText[];
  batches: RlmBatchView[];
  nested: RlmNodeView[];
}

export interface RlmNodeView {
  title: string;
  detail: string;
  error: string;
  turns: RlmTurnView[];
}

/** The conclusion as the badge's style: one of a fixed set, whatever the journal says. */
export type Badge =
  "success" | "partial" | "failure" | "skipped" | "refused" | "unfinished" | "other";

export interface PageData {
  title: string;
  badge: Badge;
  badgeText: string;
  header: [label: string, value: string][];
  notes: string[];
  timeline: { rows: Row[]; kinds: [kind: string, rows: number][]; events: number };
  rlm: RlmNodeView[];
  sections: Section[];
  footer: string;
}
