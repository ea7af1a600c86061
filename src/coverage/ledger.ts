/**
 * What the review examined, counted by the code rather than claimed by the model: a hunk is
 * examined once a model request that carried its whole text (or every part of it) got an answer.
 */
import type { DiffFile, DiffHunk } from "../workspace/diff-parse.js";
import { orderForReview } from "./order.js";
import type { ExclusionRule, FileDecision } from "./rules.js";

export type LedgerFile = Pick<DiffFile, "path" | "status" | "additions" | "deletions" | "bytes"> & {
  oldPath?: string;
  hunks: readonly Pick<DiffHunk, "id" | "length">[];
};

/** A hunk sent whole, or part `part` of the `of` parts the pager cut it into. */
export interface HunkRef {
  id: string;
  part?: number;
  of?: number;
}

export type HunkState = "excluded" | "examined" | "pending" | "open";

export interface CoverageReport {
  /** Every hunk was examined or excluded by a rule. */
  complete: boolean;
  hunks: Tally;
  files: Tally;
  /** Bytes of hunk text. */
  bytes: Tally;
  /** Per rule that applied, most files first; `paths` is bounded, `more` counts the rest. */
  excluded: { rule: ExclusionRule; files: number; hunks: number; paths: string[]; more: number }[];
  /** Files with a hunk not examined, in review order; bounded like `excluded`. */
  notReached: { paths: string[]; more: number };
}

export interface Tally {
  total: number;
  examined: number;
  excluded: number;
  notReached: number;
}

interface Entry {
  file: number;
  bytes: number;
  excluded: ExclusionRule | undefined;
  examined: boolean;
  /** Parts answered so far, and how many there are, for a hunk sent in parts. */
  parts?: { answered: Set<number>; of: number };
  inFlight: number;
}

export class CoverageLedger {
  private readonly entries = new Map<string, Entry>();
  private readonly requests = new Map<string, HunkRef[]>();
  private examinedHunks = 0;
  private inScope = 0;

  constructor(
    readonly files: readonly LedgerFile[],
    readonly decisions: readonly FileDecision[],
  ) {
    if (decisions.length !== files.length)
      throw new RangeError(`${decisions.length} rule decisions for ${files.length} files`);
    files.forEach((file, i) => {
      const decision = decisions[i]!;
      const excluded = decision.reviewed ? undefined : decision.rule;
      for (const hunk of file.hunks)
        this.entries.set(hunk.id, {
          file: i,
          bytes: hunk.length,
          excluded,
          examined: false,
          inFlight: 0,
        });
      if (!excluded) this.inScope += file.hunks.length;
    });
  }

  state(id: string): HunkState {
    const entry = this.entry(id);
    if (entry.excluded) return "excluded";
    if (entry.examined) return "examined";
    return entry.inFlight > 0 ? "pending" : "open";
  }

  /** Records that request `requestId` carries these hunks (or parts of them). */
  markSent(refs: readonly (string | HunkRef)[], requestId: string): void {
    const list = this.requests.get(requestId) ?? [];
    for (const ref of refs) {
      const r = typeof ref === "string" ? { id: ref } : ref;
      if ((r.part === undefined) !== (r.of === undefined) || (r.part ?? 1) > (r.of ?? 1))
        throw new RangeError(`hunk ${r.id}: part ${r.part} of ${r.of} is not a part`);
      this.entry(r.id).inFlight++;
      list.push(r);
    }
    this.requests.set(requestId, list);
  }

  /** The request was answered: its hunks, or parts, count. Returns the hunks newly examined. */
  markExamined(requestId: string): number {
    let examined = 0;
    for (const ref of this.settle(requestId)) {
      const entry = this.entry(ref.id);
      if (entry.examined || entry.excluded) continue;
      if (ref.part === undefined || ref.of === undefined || ref.of === 1) entry.examined = true;
      else {
        if (entry.parts?.of !== ref.of) entry.parts = { answered: new Set(), of: ref.of };
        entry.parts.answered.add(ref.part);
        entry.examined = entry.parts.answered.size === ref.of;
      }
      if (entry.examined) examined++;
    }
    this.examinedHunks += examined;
    return examined;
  }

  /** The request failed: its hunks stay unexamined unless another request carries them. */
  markFailed(requestId: string): void {
    this.settle(requestId);
  }

  private settle(requestId: string): HunkRef[] {
    const refs = this.requests.get(requestId) ?? [];
    this.requests.delete(requestId);
    for (const ref of refs) this.entry(ref.id).inFlight--;
    return refs;
  }

  private entry(id: string): Entry {
    const entry = this.entries.get(id);
    if (!entry) throw new RangeError(`no hunk "${id}" in the ledger`);
    return entry;
  }

  /** Hunks examined so far of those the rules leave in, without building a report. */
  progress(): { examined: number; inScope: number } {
    return { examined: this.examinedHunks, inScope: this.inScope };
  }

  /** Hunks neither excluded nor examined, in diff order; pending ones too when asked. */
  *openHunks(
    options: { includePending?: boolean } = {},
  ): Generator<{ id: string; file: number; bytes: number }> {
    for (const [id, e] of this.entries)
      if (!e.excluded && !e.examined && (options.includePending || e.inFlight === 0))
        yield { id, file: e.file, bytes: e.bytes };
  }

  report(options: { maxListed?: number } = {}): CoverageReport {
    const max = options.maxListed ?? 20;
    const hunks = tally();
    const files = tally();
    const bytes = tally();
    const byRule = new Map<ExclusionRule, { files: number; hunks: number; paths: string[] }>();
    const perFile = this.files.map(() => ({ open: 0 }));
    for (const e of this.entries.values()) {
      const kind = e.excluded ? "excluded" : e.examined ? "examined" : "notReached";
      hunks[kind]++;
      bytes[kind] += e.bytes;
      if (kind === "notReached") perFile[e.file]!.open++;
    }
    const notReached: LedgerFile[] = [];
    this.files.forEach((file, i) => {
      const decision = this.decisions[i]!;
      if (!decision.reviewed) {
        files.excluded++;
        const rule = byRule.get(decision.rule) ?? { files: 0, hunks: 0, paths: [] };
        rule.files++;
        rule.hunks += file.hunks.length;
        if (rule.paths.length < max) rule.paths.push(file.path);
        byRule.set(decision.rule, rule);
      } else if (perFile[i]!.open > 0) {
        files.notReached++;
        notReached.push(file);
      } else files.examined++;
    });
    for (const t of [hunks, files, bytes]) t.total = t.examined + t.excluded + t.notReached;
    return {
      complete: hunks.notReached === 0,
      hunks,
      files,
      bytes,
      excluded: [...byRule]
        .map(([rule, r]) => ({ rule, ...r, more: r.files - r.paths.length }))
        .sort((a, b) => b.files - a.files),
      notReached: {
        paths: orderForReview(notReached)
          .slice(0, max)
          .map((f) => f.path),
        more: Math.max(0, notReached.length - max),
      },
    };
  }
}

const tally = (): Tally => ({ total: 0, examined: 0, excluded: 0, notReached: 0 });
