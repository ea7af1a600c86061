/** The page's only stylesheet: system fonts, no external resource, light and dark. */
export const PAGE_STYLE = `
:root { color-scheme: light dark; --fg: #1f2328; --muted: #59636e; --bg: #fff; --panel: #f6f8fa;
  --line: #d1d9e0; --err: #cf222e; --err-bg: #ffebe9; --ok: #1a7f37; --warn: #9a6700; --accent: #0969da; }
@media (prefers-color-scheme: dark) { :root { --fg: #e6edf3; --muted: #9198a1; --bg: #0d1117;
  --panel: #151b23; --line: #3d444d; --err: #ff7b72; --err-bg: #3c1618; --ok: #3fb950;
  --warn: #d29922; --accent: #4493f8; } }
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  color: var(--fg); background: var(--bg); }
main { padding: 16px 24px 48px; max-width: 1600px; margin: 0 auto; }
h1 { font-size: 22px; margin: 4px 0 12px; display: flex; gap: 12px; align-items: center; flex-wrap: wrap; }
h2 { font-size: 17px; margin: 28px 0 8px; padding-bottom: 4px; border-bottom: 1px solid var(--line); }
h3 { font-size: 14px; margin: 14px 0 6px; color: var(--muted); font-weight: 600; }
code, pre, .mono { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 12.5px; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; margin: 4px 0; padding: 8px; max-height: 32em;
  overflow: auto; background: var(--panel); border: 1px solid var(--line); border-radius: 6px; }
.badge { font-size: 13px; padding: 2px 10px; border-radius: 999px; border: 1px solid currentColor; font-weight: 600; }
.badge.success { color: var(--ok); } .badge.partial, .badge.unfinished, .badge.skipped { color: var(--warn); }
.badge.failure, .badge.refused { color: var(--err); } .badge.other { color: var(--muted); }
dl.header { display: grid; grid-template-columns: max-content 1fr; gap: 3px 16px; margin: 0;
  padding: 12px 16px; background: var(--panel); border: 1px solid var(--line); border-radius: 8px; }
dl.header dt { color: var(--muted); } dl.header dd { margin: 0; overflow-wrap: anywhere; }
.notes { margin: 12px 0; padding: 8px 16px; border-left: 4px solid var(--warn); background: var(--panel); }
.notes p { margin: 4px 0; }
nav { margin: 14px 0 0; display: flex; gap: 14px; flex-wrap: wrap; }
a { color: var(--accent); }
.controls { display: flex; gap: 10px; align-items: center; flex-wrap: wrap; margin: 8px 0;
  position: sticky; top: 0; background: var(--bg); padding: 6px 0; z-index: 1; }
.controls input[type=search] { min-width: 280px; padding: 5px 8px; font: inherit; }
.controls select, .controls button { font: inherit; padding: 4px 8px; }
.muted { color: var(--muted); }
table { border-collapse: collapse; width: 100%; margin: 4px 0 10px; }
caption { text-align: left; color: var(--muted); padding: 4px 0; }
th, td { text-align: left; vertical-align: top; padding: 4px 8px; border-bottom: 1px solid var(--line);
  overflow-wrap: anywhere; }
th { background: var(--panel); font-weight: 600; position: relative; }
#stats table { width: auto; min-width: 50%; }
td.num, th.num { padding-left: 20px; text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
tr.error td { background: var(--err-bg); }
.err { color: var(--err); font-weight: 600; }
.timeline { border-top: 1px solid var(--line); }
.trow { display: grid; grid-template-columns: 4em 5.5em 6em minmax(9em, 15em) minmax(0, 1fr);
  gap: 0 10px; padding: 4px 8px; border-bottom: 1px solid var(--line); }
.trow.event { content-visibility: auto; contain-intrinsic-size: auto 30px; }
.trow[hidden] { display: none; }
.trow.head { font-weight: 600; background: var(--panel); }
.trow.error { background: var(--err-bg); }
.trow > div { min-width: 0; overflow-wrap: anywhere; }
.trow .at, .trow .seq { white-space: nowrap; color: var(--muted); font-variant-numeric: tabular-nums; }
.trow .title { font-weight: 600; }
details.long > summary { cursor: pointer; color: var(--muted); }
details.long { margin: 2px 0; }
.tree ul { list-style: none; margin: 0; padding-left: 22px; border-left: 1px dashed var(--line); }
.tree li { margin: 3px 0; }
.tree details > summary { cursor: pointer; }
.tree .node > summary { font-weight: 600; }
.tree .detail { color: var(--muted); font-weight: normal; }
.tree .batch { margin: 2px 0; }
#status { margin: 0; padding: 6px 24px; color: var(--muted); }
body[data-status="ready"] #status { display: none; }
body[data-status="error"] #status { color: var(--err); font-weight: 600; }
footer { margin-top: 32px; color: var(--muted); font-size: 12px; overflow-wrap: anywhere; }
`;
