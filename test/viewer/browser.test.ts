// The page in a real browser: headless Chromium opens the file as a user would (file://), runs
// its script, and must log nothing, request nothing and show what the journal holds. One browser
// serves the whole file (a start costs about 2 CPU-seconds), and each check loads its page anew in
// the same tab (a new tab costs a renderer's start).
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { run } from "../../src/cli/journal-command.js";
import { ROOT } from "../support/action-run.js";
import { Chromium, findChromium, type Page } from "../support/chromium.js";
import {
  hostileJournal,
  journalText,
  tempDir,
  type AnyEvent,
  type TempDir,
} from "../journal/fixtures.js";
import { reviewJournal } from "./run-journals.js";
import { rlmJournal } from "./rlm-journal.js";

const CHROMIUM = findChromium();
if (!CHROMIUM)
  console.warn(
    "test/viewer/browser.test.ts skipped: no chromium found on PATH (install the Debian package `chromium`, or set RIVUMI_CHROMIUM)",
  );

const OUTPUT = join(ROOT, "test-output");
const SCREENSHOT = join(OUTPUT, "journal-view.png");
const COMMITTED = join(ROOT, "docs", "journal-view.png");
/** Chromium's own services, which it calls whatever the page does. */
const BROWSER_SERVICES = /(^|\.)(google\.com|googleapis\.com|gvt1\.com|gstatic\.com)(:\d+)?$/;

interface Opened {
  dom: string;
  /** Console messages, uncaught exceptions and log entries (CSP violations, failed loads). */
  console: string[];
  /** Requests that reached the proxy from anything but Chromium's own services. */
  requests: string[];
  ms: number;
}

let tmp: TempDir;
let profile: string;
let proxy: http.Server;
let seen: string[] = [];
let browser: Chromium | undefined;
/** The one tab every check loads its page in (each load a fresh document). */
let tab: Page | undefined;

beforeAll(async () => {
  tmp = tempDir();
  profile = mkdtempSync(join(tmpdir(), "rivumi-chromium-"));
  // Every http(s) request the browser makes goes to this proxy, loopback included.
  proxy = http.createServer((req, res) => {
    seen.push(`${req.method} ${req.headers.host ?? ""} ${req.url}`);
    res.writeHead(502).end();
  });
  proxy.on("connect", (req, socket) => {
    seen.push(`CONNECT ${req.url ?? ""} ${req.url ?? ""}`);
    socket.destroy();
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  if (!CHROMIUM) return;
  const { port } = proxy.address() as AddressInfo;
  browser = await Chromium.launch(CHROMIUM, [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    `--user-data-dir=${profile}`,
    `--proxy-server=http://127.0.0.1:${port}`,
    "--proxy-bypass-list=<-loopback>",
    "--enable-logging=stderr",
    "--v=0",
    "--log-level=0",
  ]);
  tab = await browser.newPage();
});
afterAll(async () => {
  await browser?.close();
  tmp.remove();
  rmSync(profile, { recursive: true, force: true });
  await new Promise((resolve) => proxy.close(resolve));
});

/** Loads `file` with `hash` in the tab; with `screenshot`, saves a 1280x900 PNG there. */
async function open(file: string, hash = "", screenshot?: string): Promise<Opened> {
  seen = [];
  const started = Date.now();
  const view = tab!;
  const url = `${pathToFileURL(file).href}${hash}`;
  try {
    if (screenshot) {
      await view.send("Emulation.setDeviceMetricsOverride", {
        width: 1280,
        height: 900,
        deviceScaleFactor: 1,
        mobile: false,
      });
      await view.send("Emulation.setScrollbarsHidden", { hidden: true });
    }
    await view.goto(url);
    // Loaded (its own requests settled) and rendered, or failed with a message.
    const status = await view.waitFor(
      `document.readyState === "complete" && /^(ready|error)$/.test(document.body.dataset.status) && document.body.dataset.status`,
      `${url} to load and set data-status="ready" (or "error") on its body`,
    );
    if (status === "error")
      throw new Error(`${url}: ${String(await view.evaluate("document.body.innerText"))}`);
    const dom = (await view.evaluate("document.documentElement.outerHTML")) as string;
    if (screenshot) writeFileSync(screenshot, await view.screenshot());
    return {
      dom,
      console: [...view.messages],
      requests: seen.filter((r) => !BROWSER_SERVICES.test(r.split(" ")[1] ?? "")),
      ms: Date.now() - started,
    };
  } finally {
    if (screenshot) {
      await view.send("Emulation.clearDeviceMetricsOverride");
      await view.send("Emulation.setScrollbarsHidden", { hidden: false });
    }
  }
}

async function page(events: AnyEvent[], name: string, tail = ""): Promise<string> {
  const path = tmp.write(`${name}.jsonl`, journalText(events, { tail }));
  const html = join(tmp.dir, `${name}.html`);
  const quiet = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
  try {
    expect(await run(["view", path, "-o", html])).toBe(0);
  } finally {
    quiet.mockRestore();
  }
  return html;
}

/** A review that digested a large diff with the RLM engine. */
function reviewWithRlm(): AnyEvent[] {
  const review = reviewJournal();
  const rlm = rlmJournal().filter((e) => e.type.startsWith("rlm."));
  return [...review.slice(0, 7), ...rlm, ...review.slice(7)];
}

const count = (events: AnyEvent[], type: string) => events.filter((e) => e.type === type).length;
const rows = (dom: string, attrs: RegExp) =>
  (dom.match(/<div class="row event[^"]*"[^>]*>/g) ?? []).filter((tr) => attrs.test(tr));
const visible = (dom: string, attrs: RegExp) =>
  rows(dom, attrs).filter((tr) => !/ hidden=""/.test(tr));

function clean(opened: Opened): void {
  expect(opened.console).toEqual([]);
  expect(opened.requests).toEqual([]);
  expect(opened.dom).toMatch(/<body data-status="ready" data-render-ms="\d+">/);
}

describe.skipIf(!CHROMIUM)("the journal page in Chromium", () => {
  it("renders every row, logs nothing, requests nothing, expands the RLM tree, and saves a screenshot", async () => {
    const events = reviewWithRlm();
    const file = await page(events, "review");
    const opened = await open(file, "#expand-all");
    clean(opened);
    const { dom } = opened;
    expect(rows(dom, /data-kind="model"/)).toHaveLength(count(events, "model.request"));
    expect(rows(dom, /data-kind="tool"/)).toHaveLength(count(events, "tool.call"));
    expect(rows(dom, /data-kind="rlm"/)).toHaveLength(
      events.filter((e) => e.type.startsWith("rlm.")).length,
    );
    expect(rows(dom, /data-error="1"/)).toHaveLength(3);
    // #expand-all opened every RLM turn, the nested level's included.
    const turns = dom.match(/<details class="turn"[^>]*>/g) ?? [];
    expect(turns).toHaveLength(count(events, "rlm.turn"));
    expect(turns.every((t) => / open=""/.test(t))).toBe(true);
    expect(dom).toContain("fan-out 4");
    // No resource outside the file: no src, no stylesheet link, no url() anywhere.
    expect(dom).not.toMatch(/\ssrc=|<link(?![^>]*href="data:)|url\(/);
    expect(dom).toContain("content=\"default-src 'none'; script-src 'sha256-");

    mkdirSync(OUTPUT, { recursive: true });
    rmSync(SCREENSHOT, { force: true });
    const shot = await open(file, "#expand-all", SCREENSHOT);
    expect(shot.console).toEqual([]);
    expect(shot.requests).toEqual([]);
    expect(statSync(SCREENSHOT).size).toBeGreaterThan(20_000);
    if (process.env.RIVUMI_UPDATE_SCREENSHOT === "1") copyFileSync(SCREENSHOT, COMMITTED);
  });

  it("filters rows from the address: #kind=tool, #errors, #q=", async () => {
    const events = reviewJournal();
    const file = await page(events, "filters");
    const tools = await open(file, "#kind=tool");
    clean(tools);
    expect(visible(tools.dom, /./)).toHaveLength(count(events, "tool.call"));
    expect(visible(tools.dom, /data-kind="tool"/)).toHaveLength(count(events, "tool.call"));
    const errors = await open(file, "#errors");
    expect(visible(errors.dom, /./)).toHaveLength(2);
    expect(visible(errors.dom, /data-error="1"/)).toHaveLength(2);
    const search = await open(file, "#q=submit_review&kind=tool");
    expect(visible(search.dom, /./)).toHaveLength(1);
    expect(search.dom).toContain("showing 1 of");
    // A search opens the collapsed text it found something in.
    const inside = await open(file, "#q=src%2Fa.ts");
    expect(visible(inside.dom, /./)).toHaveLength(2); // the read_file call and review.findings
    expect(inside.dom).toMatch(/<details class="long" open=""><summary>arguments/);
    // An opened text is in the document, though collapsed ones enter it only when opened.
    expect(inside.dom).toMatch(/<pre[^>]*>[^<]*src\/a\.ts/);
  });

  it("shows a hostile journal as text: no markup of its own runs, no link but http(s)", async () => {
    const { events, tail } = hostileJournal();
    const file = await page(events, "hostile", tail);
    const opened = await open(file, "#expand-all");
    clean(opened);
    const { dom } = opened;
    expect(dom.match(/<script/g)).toHaveLength(2);
    // Elements and attributes only: in text, `<` is `&lt;`, and the data block has `\u003c`.
    expect(dom).not.toMatch(/<img|<textarea|<[^>]*\sonerror=|href="javascript/i);
    expect(dom).toContain('&lt;script&gt;alert("x")&lt;/script&gt;&lt;/textarea&gt;');
    expect(dom).toContain("read_file⟦U+0000⟧⟦U+001B⟧[31m");
    expect(dom).toContain("The last line (9) is cut off");
    expect(statSync(file).size).toBeLessThan(300_000);
  });
});
