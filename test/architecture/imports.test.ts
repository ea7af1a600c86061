// The layering rules of DESIGN.md, checked on the imports the source actually has (type-only and
// dynamic imports count: each ties one module to another just the same).
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const SRC = resolve(import.meta.dirname, "../../src");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return e.name.endsWith(".ts") ? [path] : [];
  });
}

const SPECIFIER =
  /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*["']([^"']+)["']|import\s*\(\s*["']([^"']+)["']\s*\)|^\s*import\s*["']([^"']+)["']/gm;

/** Every module a file imports: src-relative paths for local ones, the bare name otherwise. */
export function importsOf(file: string, text = readFileSync(file, "utf8")): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(SPECIFIER)) {
    const spec = m[1] ?? m[2] ?? m[3];
    if (!spec) continue;
    if (!spec.startsWith(".")) {
      found.push(spec);
      continue;
    }
    found.push(relative(SRC, resolve(dirname(file), spec)).replace(/\.js$/, ".ts"));
  }
  return found;
}

const files = sourceFiles(SRC);
const graph = new Map(files.map((f) => [relative(SRC, f), importsOf(f)]));
const folder = (path: string) => (path.includes("/") ? path.slice(0, path.indexOf("/")) : path);

interface Rule {
  name: string;
  from: (path: string) => boolean;
  forbids: (target: string) => boolean;
}

const inFolder =
  (...names: string[]) =>
  (path: string) =>
    names.includes(folder(path));
const NODE_IO = /^node:(fs|fs\/promises|child_process|net|http|https|os|worker_threads)$/;
const STAGES = [
  "trigger",
  "plan",
  "workspace",
  "context",
  "prompt",
  "agent",
  "rlm",
  "modes",
  "publish",
  "triage",
  "coverage",
  "cli",
  "github",
  "config",
  "action",
  "main.ts",
  "run-context.ts",
];

const RULES: Rule[] = [
  {
    name: "journal imports no stage",
    from: inFolder("journal"),
    forbids: (t) => STAGES.includes(folder(t)),
  },
  {
    name: "plan does no I/O",
    from: inFolder("plan"),
    forbids: (t) =>
      NODE_IO.test(t) ||
      ["workspace", "github", "model", "context", "agent", "rlm", "publish", "modes"].includes(
        folder(t),
      ),
  },
  {
    name: "context imports neither agent nor publish",
    from: inFolder("context"),
    forbids: inFolder("agent", "publish", "modes", "rlm", "cli"),
  },
  {
    name: "agent, rlm, modes, triage and coverage never import publish",
    from: inFolder("agent", "rlm", "modes", "triage", "coverage"),
    forbids: inFolder("publish", "cli"),
  },
  { name: "model imports no agent", from: inFolder("model"), forbids: inFolder("agent", "rlm") },
  {
    name: "util imports nothing of Rivumi's",
    from: inFolder("util"),
    forbids: (t) => !t.includes(":") && !t.startsWith("@") && graph.has(t) && folder(t) !== "util",
  },
  {
    name: "outcome is neutral data",
    from: inFolder("outcome"),
    forbids: (t) => STAGES.includes(folder(t)),
  },
  {
    name: "only main, the CLI and the GitHub port touch Octokit",
    from: (p) => !["github", "cli", "main.ts"].includes(folder(p)),
    forbids: (t) => t.startsWith("@octokit/"),
  },
];

function violations(rule: Rule): string[] {
  const out: string[] = [];
  for (const [file, targets] of graph) {
    if (!rule.from(file)) continue;
    for (const t of targets) if (rule.forbids(t)) out.push(`${file} -> ${t}`);
  }
  return out;
}

function cycles(): string[][] {
  const found: string[][] = [];
  const state = new Map<string, "active" | "done">();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, "active");
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (state.get(next) === "active") found.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, "done");
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return found;
}

describe("architecture", () => {
  it("reads the imports it checks", () => {
    expect(graph.get("main.ts")?.length).toBeGreaterThan(3);
    expect(importsOf(join(SRC, "a/b.ts"), 'import type { A } from "../c/d.js";')).toEqual([
      "c/d.ts",
    ]);
    expect(importsOf(join(SRC, "a/b.ts"), 'const m = await import("./e.js");')).toEqual(["a/e.ts"]);
    expect(importsOf(join(SRC, "a/b.ts"), 'export { f } from "zod";')).toEqual(["zod"]);
  });

  for (const rule of RULES) {
    it(rule.name, () => expect(violations(rule)).toEqual([]));
  }

  it("has no import cycles between files of src/", () => {
    expect(cycles().map((c) => c.join(" -> "))).toEqual([]);
  });
});
