// One self-contained HTML file: no request leaves it (a CSP allows only its own script and style,
// by hash), and no journal text is ever parsed as HTML: it travels as JSON in a data block with
// `<` escaped, and the page's script renders it with textContent.
import { createHash } from "node:crypto";
import type { PageData } from "./page-data.js";
import { PAGE_SCRIPT } from "./page-script.js";
import { PAGE_STYLE } from "./page-style.js";

const hash = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

/**
 * JSON that cannot end its script element or open a comment: `<`, `>` and `&` become escapes
 * (valid JSON, the same value), and so do the two line separators some parsers dislike.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

export const CSP = [
  "default-src 'none'",
  `script-src ${hash(PAGE_SCRIPT)}`,
  `style-src ${hash(PAGE_STYLE)}`,
  "img-src data:",
  "base-uri 'none'",
  "form-action 'none'",
].join("; ");

export function renderPage(data: PageData): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${CSP}">
<meta name="referrer" content="no-referrer">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>Rivumi journal</title>
<style>${PAGE_STYLE}</style>
</head>
<body data-status="loading">
<p id="status" role="status">Loading the journal… (this page needs JavaScript to show it)</p>
<main id="page"></main>
<script type="application/json" id="rivumi-data">${jsonForScript(data)}</script>
<script>${PAGE_SCRIPT}</script>
</body>
</html>
`;
}
