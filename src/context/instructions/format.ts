import { showPath } from "../files/repo-path.js";
import type { DirectoryDiagnostic, DocumentDiagnostic, InstructionDiagnostics } from "./types.js";

/** Rows per table in the step summary; the rest is counted, not listed. */
const MARKDOWN_ROWS = 50;

/** The readable form of `rivumi instructions` (without `--json`). */
export function formatInstructionsTable(diag: InstructionDiagnostics): string {
  const out: string[] = [];
  const stacked = diag.layering === "stack";
  out.push(
    diag.directories.length === 0
      ? "No active directories."
      : columns([
          [
            "DIRECTORY",
            stacked ? "ACTIVE DOCUMENTS (ROOT FIRST, DEEPEST WINS)" : "ACTIVE DOCUMENT",
          ],
          ...diag.directories.map((d) => [showPath(d.dir), activeText(d, showPath)]),
        ]),
  );
  out.push(
    diag.documents.length === 0
      ? "No instruction documents found."
      : columns([
          ["DOCUMENT", "LAYER", "STATUS", "BYTES", "SHA-256", "DETAIL"],
          ...diag.documents.map((d) => [
            showPath(d.path),
            d.layer,
            d.status,
            d.bytes === null ? "-" : String(d.bytes),
            d.sha256?.slice(0, 12) ?? "-",
            detail(d, showPath),
          ]),
        ]),
  );
  out.push(truncation(diag, showPath));
  return `${out.join("\n\n")}\n`;
}

/** A collapsible table for the step summary: paths and hashes only, never document text. */
export function formatInstructionsMarkdown(diag: InstructionDiagnostics): string {
  const count = (status: string) => diag.documents.filter((d) => d.status === status).length;
  const summary =
    `Instructions: ${count("active")} active, ${count("suppressed")} suppressed, ` +
    `${count("rejected")} rejected${diag.truncated ? ", truncated" : ""}`;
  const dirs = table(
    ["Directory", diag.layering === "stack" ? "Active documents (root first)" : "Active document"],
    diag.directories.map((d) => [code(d.dir), activeText(d, code, "none")]),
  );
  const docs = table(
    ["Document", "Layer", "Status", "Detail", "Bytes", "SHA-256"],
    diag.documents.map((d) => [
      code(d.path),
      d.layer,
      d.status,
      detail(d, code),
      d.bytes === null ? "" : String(d.bytes),
      d.sha256 ? code(d.sha256.slice(0, 12)) : "",
    ]),
  );
  return (
    `<details><summary>${summary}</summary>\n\n${dirs}\n\n${docs}\n\n` +
    `${truncation(diag, code)}\n\n</details>\n`
  );
}

function detail(doc: DocumentDiagnostic, path: (p: string) => string): string {
  if (doc.status === "rejected") return doc.reason ?? "";
  if (doc.status === "suppressed") {
    return `${doc.reason ?? ""} by ${(doc.by ?? []).map(path).join(", ")}`;
  }
  if (doc.layer === "user") return "applies to every file";
  return `governs ${doc.governs.map(path).join(", ")}`;
}

/** The document that governs a directory, or with `stack` every layer, root first. */
function activeText(dir: DirectoryDiagnostic, path: (p: string) => string, none = "-"): string {
  const layers = dir.layers ?? (dir.active ? [dir.active] : []);
  return layers.length > 0 ? layers.map(path).join(", ") : none;
}

function truncation(diag: InstructionDiagnostics, path: (p: string) => string): string {
  if (!diag.truncated) return "The rendered instructions fit the total budget.";
  const cut = (diag.cut ?? []).map(path).join(", ");
  if (cut === "") return "The rendered instructions were cut to fit the total budget.";
  return diag.layering === "stack"
    ? `The rendered instructions were cut to fit the total budget: the deeper layers were kept, and these left out: ${cut}.`
    : `The rendered instructions were cut to fit the total budget; not shown in full: ${cut}.`;
}

function columns(rows: string[][]): string {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? "").length))) ?? [];
  return rows
    .map((r) =>
      r
        .map((cell, i) => cell.padEnd(widths[i] ?? 0))
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}

function table(header: string[], rows: string[][]): string {
  const shown = rows.slice(0, MARKDOWN_ROWS);
  if (rows.length > shown.length) {
    shown.push([`… ${rows.length - shown.length} more`, ...header.slice(1).map(() => "")]);
  }
  if (shown.length === 0) shown.push(["none", ...header.slice(1).map(() => "")]);
  const line = (cells: string[]) => `| ${cells.join(" | ")} |`;
  return [line(header), line(header.map(() => "---")), ...shown.map(line)].join("\n");
}

/** A path as inline code whose every character that Markdown or HTML could read is an entity. */
function code(path: string): string {
  const safe = showPath(path).replace(/[^A-Za-z0-9./ -]/gu, (c) => `&#${c.codePointAt(0) ?? 0};`);
  return `<code>${safe}</code>`;
}
