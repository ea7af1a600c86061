// One headless Chromium driven over the DevTools protocol through --remote-debugging-pipe: the
// browser reads JSON messages from its fd 3 and writes them to its fd 4, each ended by a NUL byte.
// A test file starts it once (a start costs about 2 CPU-seconds) and loads each page it checks as
// a fresh document in one tab (a new tab would start a renderer as well).
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { delimiter, join } from "node:path";
import type { Readable, Writable } from "node:stream";

/** The browser named by RIVUMI_CHROMIUM, else the first Chromium or Chrome on PATH. */
export function findChromium(): string | undefined {
  if (process.env.RIVUMI_CHROMIUM) return process.env.RIVUMI_CHROMIUM;
  const dirs = (process.env.PATH ?? "").split(delimiter).filter(Boolean);
  for (const name of ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"])
    for (const dir of dirs) if (existsSync(join(dir, name))) return join(dir, name);
  return undefined;
}

type Params = Record<string, unknown>;
type Listener = (params: Params, sessionId: string | undefined) => void;
interface Reply {
  id?: number;
  method?: string;
  params?: Params;
  sessionId?: string;
  result?: unknown;
  error?: { message: string; data?: string };
}

export class Chromium {
  private nextId = 1;
  private readonly pending = new Map<
    number,
    { resolve: (v: unknown) => void; reject: (e: Error) => void }
  >();
  private readonly listeners = new Set<{ method: string; listener: Listener }>();
  private stderrTail = "";
  private readonly exited: Promise<void>;
  private closed?: Error;
  private readonly toBrowser: Writable;

  private constructor(private readonly child: ChildProcess) {
    this.toBrowser = child.stdio[3] as Writable;
    this.toBrowser.on("error", () => {}); // a write after the browser died: `exited` reports it
    const fromBrowser = child.stdio[4] as Readable;
    let buffered = "";
    fromBrowser.setEncoding("utf8");
    fromBrowser.on("data", (chunk: string) => {
      const parts = (buffered + chunk).split("\0");
      buffered = parts.pop() ?? "";
      parts.forEach((text) => this.dispatch(JSON.parse(text) as Reply));
    });
    child.stdout?.resume();
    child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
      this.stderrTail = (this.stderrTail + chunk).slice(-2_000);
    });
    // Chromium quits when its pipe closes, so a test process that dies takes it along; this
    // covers a test process that exits without its afterAll.
    const killOnExit = () => child.kill("SIGKILL");
    process.once("exit", killOnExit);
    this.exited = new Promise((resolve) =>
      child.once("exit", (code, signal) => {
        process.off("exit", killOnExit);
        const closed = new Error(
          `chromium exited (${signal ?? `code ${code}`})\n${this.stderrTail}`,
        );
        this.closed = closed;
        this.pending.forEach(({ reject }) => reject(closed));
        this.pending.clear();
        resolve();
      }),
    );
  }

  /** Starts the browser; `flags` are Chromium's command-line switches. */
  static async launch(binary: string, flags: string[]): Promise<Chromium> {
    // about:blank as the first tab: the new-tab page would preconnect to the search engine.
    const child = spawn(binary, [...flags, "--remote-debugging-pipe", "about:blank"], {
      stdio: ["ignore", "pipe", "pipe", "pipe", "pipe"],
    });
    const browser = new Chromium(child);
    await new Promise<void>((resolve, reject) => {
      child.once("spawn", resolve);
      child.once("error", reject);
    });
    await browser.send("Browser.getVersion");
    return browser;
  }

  get running(): boolean {
    return !this.closed;
  }

  /** Sends one command (to a page when `sessionId` is given) and resolves with its result. */
  send<T = Params>(method: string, params: Params = {}, sessionId?: string): Promise<T> {
    if (this.closed) return Promise.reject(this.closed);
    const id = this.nextId++;
    const message = JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) });
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.toBrowser.write(`${message}\0`);
    });
  }

  /** Calls `listener` on every event named `method`, for as long as the browser runs. */
  on(method: string, listener: Listener): void {
    this.listeners.add({ method, listener });
  }

  /** Opens a blank page in its own target, attaches to it and starts listening to it. */
  async newPage(): Promise<Page> {
    const { targetId } = await this.send<{ targetId: string }>("Target.createTarget", {
      url: "about:blank",
    });
    const { sessionId } = await this.send<{ sessionId: string }>("Target.attachToTarget", {
      targetId,
      flatten: true,
    });
    const page = new Page(this, sessionId);
    await Promise.all(["Runtime.enable", "Log.enable", "Page.enable"].map((m) => page.send(m)));
    return page;
  }

  /** Asks the browser to quit, kills it if it has not after `graceMs`, and waits for its exit. */
  async close(graceMs = 5_000): Promise<void> {
    if (!this.closed) void this.send("Browser.close").catch(() => {});
    const timer = setTimeout(() => this.child.kill("SIGKILL"), graceMs);
    await this.exited;
    clearTimeout(timer);
  }

  private dispatch(reply: Reply): void {
    if (reply.id !== undefined) {
      const waiter = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if (reply.error)
        waiter?.reject(
          new Error(`${reply.error.message}${reply.error.data ? `: ${reply.error.data}` : ""}`),
        );
      else waiter?.resolve(reply.result);
    } else if (reply.method)
      this.listeners.forEach(({ method, listener }) => {
        if (method === reply.method) listener(reply.params ?? {}, reply.sessionId);
      });
  }
}

interface RemoteObject {
  value?: unknown;
  description?: string;
  type: string;
}

/** One page (tab) of the browser: what its document logged, and the commands a test needs. */
export class Page {
  /** The document's console messages, uncaught exceptions and log entries (CSP violations too). */
  readonly messages: string[] = [];

  constructor(
    private readonly browser: Chromium,
    readonly sessionId: string,
  ) {
    const mine =
      (listener: (params: Params) => void): Listener =>
      (params, session) => {
        if (session === sessionId) listener(params);
      };
    browser.on(
      "Runtime.consoleAPICalled",
      mine((p) => {
        const args = (p.args as RemoteObject[]).map((a) => a.description ?? String(a.value));
        this.messages.push(`console.${String(p.type)}: ${args.join(" ")}`);
      }),
    );
    browser.on(
      "Runtime.exceptionThrown",
      mine((p) => {
        const details = p.exceptionDetails as { text: string; exception?: RemoteObject };
        this.messages.push(`uncaught: ${details.exception?.description ?? details.text}`);
      }),
    );
    // CSP violations and failed loads are reported here, not by the Runtime domain.
    browser.on(
      "Log.entryAdded",
      mine((p) => {
        const entry = p.entry as { level: string; source: string; text: string; url?: string };
        this.messages.push(
          `${entry.source} ${entry.level}: ${entry.text} ${entry.url ?? ""}`.trim(),
        );
      }),
    );
  }

  send<T = Params>(method: string, params: Params = {}): Promise<T> {
    return this.browser.send<T>(method, params, this.sessionId);
  }

  /**
   * Loads `url` (its `#` part included) as a fresh document, by way of about:blank so that a URL
   * that differs from the last one only after its `#` is loaded anew rather than scrolled to.
   * Forgets the messages of the documents before.
   */
  async goto(url: string): Promise<void> {
    await this.navigate("about:blank");
    this.messages.length = 0;
    await this.navigate(url);
  }

  private async navigate(url: string): Promise<void> {
    const { errorText } = await this.send<{ errorText?: string }>("Page.navigate", { url });
    if (errorText) throw new Error(`navigating to ${url}: ${errorText}`);
    await this.waitFor(`location.href === ${JSON.stringify(url)}`, `the page to show ${url}`);
  }

  /** The value of `expression` in the page; an exception it throws rejects. */
  async evaluate(expression: string): Promise<unknown> {
    const { result, exceptionDetails } = await this.send<{
      result: RemoteObject;
      exceptionDetails?: { text: string };
    }>("Runtime.evaluate", { expression, returnByValue: true });
    if (exceptionDetails) throw new Error(`${expression}: ${exceptionDetails.text}`);
    return result.value;
  }

  /** Polls `expression` until it is truthy; fails naming `what` after `timeoutMs`. */
  async waitFor(expression: string, what: string, timeoutMs = 10_000): Promise<unknown> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      // Between documents there is no context to evaluate in: try again, unless the browser is gone.
      const value = await this.evaluate(expression).catch((error: unknown) => {
        if (!this.browser.running) throw error;
        return undefined;
      });
      if (value) return value;
      if (Date.now() > deadline)
        throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  /** A PNG of the viewport. */
  async screenshot(): Promise<Buffer> {
    const { data } = await this.send<{ data: string }>("Page.captureScreenshot", { format: "png" });
    return Buffer.from(data, "base64");
  }
}
