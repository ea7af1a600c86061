// Class: a secret written so that a reader still reads it reaches no text Rivumi writes. Each
// case below is a class of writing found by probing (issue 21, item 6), in several variants:
// different tokens, positions and combinations. Whether a secret survived is judged by
// redactor-reading.ts, which reads the output as a renderer and a reader would (Python's HTML5
// decoder, Markdown's link tails, letters and digits only), independently of the redactor.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { Redactor } from "../../src/redact/redactor.js";
import { bodyOf, html5Table, readings, SECRETS, survivor } from "./redactor-reading.js";

type Entry = (typeof SECRETS)[number];
const ROOT = join(import.meta.dirname, "../..");
const each = (s: string, f: (c: string, i: number) => string) => [...s].map(f).join("");

function redactor(secrets: readonly string[] = SECRETS.map((e) => e.secret)): Redactor {
  const r = new Redactor();
  for (const s of secrets) r.add(s);
  return r;
}

/** Redacts each case and lists those whose output still holds a piece of their secret. */
function survivors(cases: { name: string; entry: Entry; text: string }[], r = redactor()) {
  const outs = cases.map((c) => r.redact(c.text));
  const read = readings(outs);
  return cases.flatMap((c, k) => {
    const piece = survivor(read[k]!, bodyOf(c.entry));
    return piece ? [`${c.name} (${c.entry.prefix}): "${piece}" in ${outs[k]!.slice(0, 160)}`] : [];
  });
}

/** Every secret in every variant, at the start, in the middle of prose, and in a log line. */
function variants(forms: Record<string, (secret: string) => string>) {
  const places = [
    (x: string) => x,
    (x: string) => `The deploy step failed; see ${x} in the run log.`,
    (x: string) => `2026-03-04T12:00:07.123Z ##[error]auth: ${x} (exit 1)`,
  ];
  return SECRETS.flatMap((entry, k) =>
    Object.entries(forms).map(([name, encode], m) => ({
      name,
      entry,
      text: places[(k + m) % places.length]!(encode(entry.secret)),
    })),
  );
}

describe("redactor gaps: secrets a reader still reads", () => {
  it("masks a secret with inline markup that renders as nothing between its characters", () => {
    const MARKUP: ((c: string, i: number) => string)[] = [
      (c) => `[${c}](#)`,
      (c) => `[${c}](https://example.com/a_(b) "title")`,
      (c) => `[${c}](<#x>)`,
      (c) => `[${c}][r]`,
      (c) => `[${c}][]`,
      (c) => `${c}![](x.png)`,
      (c) => `![${c}](x.png)`,
      (c) => `**${c}**`,
      (c) => `***${c}***`,
      (c) => `_${c}_`,
      (c) => `__${c}__`,
      (c) => `~~${c}~~`,
      (c) => `\`${c}\``,
      (c) => `${c}<b></b>`,
      (c) => `<kbd>${c}</kbd>`,
      (c) => `${c}[](#)`,
      (c) => `${c}<a href="https://x.io/"></a>`,
      (c) => `${c}:smile:`,
      (c) => `:+1:${c}`,
    ];
    const forms: Record<string, (s: string) => string> = {};
    MARKUP.forEach((m) => (forms[`markup ${m("g", 0)}`] = (s) => `${each(s, m)}\n\n[r]: #`));
    forms["markup mixed per character"] = (s) =>
      each(s, (c, i) => MARKUP[i % MARKUP.length]!(c, i));
    expect(survivors(variants(forms))).toEqual([]);
  });

  it("masks a secret whose characters are joined by punctuation, symbols or short runs of them", () => {
    const JOINERS = [
      ..."|/;+·•'\"_=\\&%<]#@!?^$~,:→★、—…‧∙⁄／",
      "😀",
      " | ",
      "--",
      ". ",
      "=>",
      "()",
    ];
    const forms: Record<string, (s: string) => string> = {};
    for (const j of JOINERS) forms[`joined by ${j}`] = (s) => [...s].join(j);
    forms["joiners mixed per character"] = (s) =>
      each(s, (c, i) => c + JOINERS[(i * 7) % JOINERS.length]);
    forms["joined by | with each character as a reference"] = (s) =>
      each(s, (c, i) =>
        i % 2 ? `&#${c.charCodeAt(0)};` : `&#x${c.charCodeAt(0).toString(16)};`,
      ).replace(/;&/g, ";|&");
    expect(survivors(variants(forms))).toEqual([]);
  });

  it("masks a secret written with any HTML reference a renderer decodes, named or numeric", () => {
    const table = html5Table();
    // Every name, with its `;` and (for the legacy Latin-1 ones) without.
    const names = Object.keys(table);
    // The names that stand for each ASCII letter or digit, and those that read as a separator.
    const spelling = new Map<string, string[]>();
    const separators: string[] = [];
    for (const name of names) {
      const value = table[name]!.normalize("NFKC");
      if (/^[A-Za-z0-9]$/.test(value)) spelling.set(value, [...(spelling.get(value) ?? []), name]);
      else if (/^[\p{P}\p{S}\p{Z}\p{C}\p{M}\s]+$/u.test(table[name]!)) separators.push(name);
    }
    const named = (c: string, i: number) => {
      const options = spelling.get(c);
      if (options) return `&${options[i % options.length]}`;
      if (/[A-Za-z0-9]/.test(c)) return `&#${"0".repeat(i % 3)}${c.charCodeAt(0)};`;
      return `&${["hyphen;", "lowbar;", "dash;", "minus;", "UnderBar;"][i % 5]}`;
    };
    const forms: Record<string, (s: string) => string> = {
      "every character by a name": (s) => each(s, named),
      "its - and _ as &hyphen; and &lowbar;": (s) =>
        s.replace(/-/g, "&hyphen;").replace(/_/g, "&lowbar;"),
      "numeric references to separators between": (s) =>
        each(s, (c, i) => c + ["&#8208;", "&#x2022;", "&#183;", "&#x7C;"][i % 4]),
      "named separators between": (s) =>
        each(s, (c, i) => c + ["&verbar;", "&bull;", "&middot;", "&sol;"][i % 4]),
      "escaped twice": (s) => each(s, (c) => `${c}&amp;hyphen;`),
      "legacy names without their semicolon": (s) =>
        each(s, (c, i) => c + ["&middot ", "&nbsp", "&shy"][i % 3]),
    };
    // Joined by every reference whose value reads as a separator, for two of the tokens.
    const joined = separators.flatMap((name) =>
      SECRETS.slice(0, 2).map((entry) => ({
        name: `joined by &${name}`,
        entry,
        text: [...entry.secret].join(`&${name}`),
      })),
    );
    expect(survivors([...variants(forms), ...joined])).toEqual([]);
    // Every name of a letter or digit spells it: a secret with that character every fourth place.
    const cases = [...spelling].flatMap(([c, list]) =>
      list.map((name) => {
        const secret = `Q7w${c}K2p${c}Zm9${c}Xr4${c}Hb6${c}`;
        return {
          name: `&${name} for ${c}`,
          entry: { prefix: "", secret },
          text: secret.split(c).join(`&${name}`),
        };
      }),
    );
    expect(survivors(cases, redactor(cases.map((c) => c.entry.secret)))).toEqual([]);
  });

  it("masks a token's body without its public prefix", () => {
    const body = (s: string) => s.slice(SECRETS.find((e) => s.startsWith(e.prefix))!.prefix.length);
    expect(
      survivors(
        variants({
          "the body alone": body,
          "the body in a URL": (s) => `https://api.example.com/v1?token=${body(s)}&page=2`,
          "the body in JSON": (s) => JSON.stringify({ auth: body(s) }),
          "the body joined by ' | '": (s) => [...body(s)].join(" | "),
          "the body as links": (s) => each(body(s), (c) => `[${c}](#)`),
          "the body as references": (s) => each(body(s), (c) => `&#${c.charCodeAt(0)};`),
        }),
      ),
    ).toEqual([]);
  });

  it("masks every piece of eight characters or more: halves and thirds joined by words, and pieces alone", () => {
    const at = (s: string, f: number) => Math.floor(s.length * f);
    const cases = variants({
      "halves joined by a word": (s) => `${s.slice(0, at(s, 0.5))} and ${s.slice(at(s, 0.5))}`,
      "cut after 12": (s) => `${s.slice(0, 12)} then ${s.slice(12)}`,
      "cut 12 before the end": (s) => `${s.slice(0, -12)} or ${s.slice(-12)}`,
      "thirds joined by words": (s) =>
        `${s.slice(0, at(s, 1 / 3))} is ${s.slice(at(s, 1 / 3), at(s, 2 / 3))} not ${s.slice(at(s, 2 / 3))}`,
      "a piece of ten from the middle": (s) =>
        `the tail was ${s.slice(at(s, 0.5), at(s, 0.5) + 10)}.`,
      "halves on two log lines": (s) =>
        `12:00:00 part one ${s.slice(0, at(s, 0.5))}\n12:00:01 part two ${s.slice(at(s, 0.5))}`,
      "halves, one as links and one joined by ·": (s) =>
        `${each(s.slice(0, at(s, 0.5)), (c) => `[${c}](#)`)} with ${[...s.slice(at(s, 0.5))].join("·")}`,
      "halves as references and &hyphen;": (s) =>
        `${each(s.slice(0, at(s, 0.5)), (c) => `&#x${c.charCodeAt(0).toString(16)};`)} and ${s.slice(at(s, 0.5)).replace(/[-_]/g, "&hyphen;")}`,
    });
    expect(survivors(cases)).toEqual([]);
    // In a JSON text (a journal line), pieces in strings around a number are masked string by
    // string: the line still parses, with its three elements.
    const r = redactor();
    for (const { secret } of SECRETS) {
      const at = 10 + secret.slice(10).search(/[1-9]/);
      const end = at + /^\d+/.exec(secret.slice(at))![0].length;
      const args = [secret.slice(0, at), Number(secret.slice(at, end)), secret.slice(end)];
      const line = JSON.stringify({ type: "tool.call", args });
      const out = r.redact(line);
      const parsed = JSON.parse(out) as { type: string; args: unknown[] };
      expect(parsed.type, out).toBe("tool.call");
      expect(parsed.args, out).toHaveLength(3);
      expect(out).not.toContain(secret.slice(end, end + 10));
      expect(out).not.toContain(secret.slice(at - 10, at));
    }
  });
});

describe("redactor gaps: ordinary text stays as it is", () => {
  it("leaves code, prose, real commit hashes, base64 and hex blobs, Markdown and HTML unchanged", () => {
    const r = redactor();
    let seed = 7;
    const rnd = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
    const blob = (n: number) =>
      Buffer.from(Array.from({ length: n }, () => Math.floor(rnd() * 256)));
    const git = execFileSync("git", ["log", "-n", "300", "--format=%H %h %an %s"], {
      cwd: ROOT,
    }).toString();
    const files = ["src/redact/unit.ts", "src/main.ts", "README.md", "SECURITY.md", "package.json"];
    const texts = [
      git,
      ...files.map((f) => readFileSync(join(ROOT, f), "utf8")),
      Array.from({ length: 50 }, () => blob(48).toString("base64")).join("\n"),
      Array.from(
        { length: 50 },
        () => `sha256:${blob(32).toString("hex")} ${blob(16).toString("base64url")}`,
      ).join("\n"),
      "Tokens look like ghs_…, github_pat_11…, sk-proj-…, xoxb-… and glpat-…; never paste one here.",
      '**Note:** _see_ [the docs](https://docs.example.com/a_(b) "Docs") &mdash; it\'s `npm ci` &amp; `npm test` → ✓ · • 😀',
      "<details><summary>Logs</summary><p>x &lt; y &hyphen; z &rarr; w</p></details> | a | b |\n|---|---|",
      JSON.stringify({
        v: 1,
        type: "tool.called",
        args: JSON.stringify({ path: "src/a_b-c.ts", line: 12 }),
      }),
      // Tokens of the same kinds that were never registered.
      SECRETS.map((e) => e.prefix + blob(27).toString("base64url")).join(" "),
    ];
    for (const text of texts) expect(r.redact(text)).toBe(text);
  });
});
