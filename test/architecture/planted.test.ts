// The architecture check is itself checked: each import below is planted into a scratch copy of
// src/, and the check must refuse it for the reason given. The untouched copy must pass.
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkTree, dependenciesOf, RULES, type Rules } from "./check.js";

const ROOT = resolve(import.meta.dirname, "../..");
const deps = dependenciesOf(resolve(ROOT, "package.json"));
let copy = "";

beforeAll(() => {
  copy = join(mkdtempSync(join(tmpdir(), "rivumi-arch-")), "src");
  cpSync(resolve(ROOT, "src"), copy, { recursive: true });
});
afterAll(() => rmSync(dirname(copy), { recursive: true, force: true }));

/**
 * Appends each text to its file (made when missing; null removes the file), runs the check, and
 * puts the files back.
 */
function violationsWith(plants: Record<string, string | null>, rules: Rules = RULES): string[] {
  const before = new Map<string, string | undefined>();
  try {
    for (const [file, text] of Object.entries(plants)) {
      const path = join(copy, file);
      const old = existsSync(path) ? readFileSync(path, "utf8") : undefined;
      before.set(path, old);
      mkdirSync(dirname(path), { recursive: true });
      if (text === null) rmSync(path);
      else writeFileSync(path, `${old ?? ""}\n${text}\n`);
    }
    return checkTree(copy, deps, rules).violations;
  } finally {
    for (const [path, old] of before) {
      if (old === undefined) rmSync(path);
      else writeFileSync(path, old);
    }
  }
}

type Plant = [name: string, plants: Record<string, string | null>, ...reasons: RegExp[]];

const PLANTED: Plant[] = [
  [
    "journal importing review/",
    { "journal/journal.ts": 'import "../review/map.js";' },
    /journal\/journal\.ts:\d+ .*src\/journal may not import src\/review\/map\.ts/,
    /the journal is a sink/,
  ],
  [
    "journal importing outcome/ (type only)",
    { "journal/events.ts": 'import type { Outcome } from "../outcome/outcome.js";' },
    /\(type\): src\/journal may not import src\/outcome\/outcome\.ts/,
    /cycle between folders: journal -> outcome -> journal/,
  ],
  [
    "journal importing its viewer",
    { "journal/upload.ts": 'import { readJournal } from "../viewer/read.js";' },
    /src\/journal may not import src\/viewer\/read\.ts/,
    /not its viewer/,
  ],
  [
    "the page's browser script importing node:fs and util/",
    { "viewer/page/script.ts": 'import "node:fs";\nimport "../../util/plural.js";' },
    /the page's script runs in the browser/,
    /viewer\/page\/script\.ts may import only viewer\/page-data\.ts from outside its folder/,
  ],
  [
    "plan importing fs without node:",
    { "plan/plan.ts": 'import { readFileSync } from "fs";' },
    /plan\/plan\.ts:\d+ imports "fs" \(static\): write "node:fs"/,
    /src\/plan may not import node:fs/,
    /the plan is pure/,
  ],
  [
    "plan importing node:dns",
    { "plan/plan.ts": 'import "node:dns";' },
    /src\/plan may not import node:dns/,
  ],
  [
    "plan importing openai",
    { "plan/plan.ts": 'import OpenAI from "openai";' },
    /src\/plan may not import openai/,
  ],
  [
    "plan importing @actions/core",
    { "plan/plan.ts": 'import * as core from "@actions/core";' },
    /src\/plan may not import @actions\/core/,
  ],
  [
    "plan importing execa",
    { "plan/plan.ts": 'import { execa } from "execa";' },
    /src\/plan may not import execa/,
  ],
  [
    "plan importing journal/",
    { "plan/plan.ts": 'import type { Journal } from "../journal/journal.js";' },
    /src\/plan may not import src\/journal\/journal\.ts/,
  ],
  [
    "plan importing triage/",
    { "plan/plan.ts": 'import { triageLog } from "../triage/index.js";' },
    /src\/plan may not import src\/triage\/index\.ts/,
  ],
  [
    "context reaching publish through workspace (fails at workspace -> publish)",
    { "workspace/git.ts": 'import { renderOutcome } from "../publish/render.js";' },
    /workspace\/git\.ts:\d+ .*src\/workspace may not import src\/publish\/render\.ts/,
  ],
  [
    "publish rendering a feature's text itself (the composition root hands it in)",
    { "publish/summary.ts": 'import { renderTriageSummary } from "../triage/publish.js";' },
    /src\/publish may not import src\/triage\/publish\.ts/,
  ],
  [
    "the shared Markdown reaching up into publish (a feature would import publish through it)",
    { "markdown/limits.ts": 'export { Publisher } from "../publish/publisher.js";' },
    /src\/markdown may not import src\/publish\/publisher\.ts/,
  ],
  [
    "review importing publish",
    { "review/anchor.ts": 'import { Publisher } from "../publish/publisher.js";' },
    /src\/review may not import src\/publish\/publisher\.ts/,
    /rule "the review's map, hunk ledger and anchoring/,
  ],
  [
    "the hunk ledger importing the GitHub port",
    { "coverage/ledger.ts": 'import type { GitHubPort } from "../github/port.js";' },
    /src\/coverage may not import src\/github\/port\.ts/,
    /rule "the review's map, hunk ledger and anchoring/,
  ],
  [
    "model importing modes",
    { "model/usage.ts": 'import type { ModePorts } from "../modes/ports.js";' },
    /src\/model may not import src\/modes\/ports\.ts/,
    /the model adapter knows no mode/,
    /cycle between folders: /,
  ],
  [
    "modes importing github/octokit",
    { "modes/triage.ts": 'import { createOctokit } from "../github/octokit.js";' },
    /src\/modes may not import src\/github\/octokit\.ts/,
    /only the composition roots and the GitHub adapters speak Octokit/,
  ],
  [
    "modes importing @octokit/rest",
    { "modes/review.ts": 'import type { Octokit } from "@octokit/rest";' },
    /src\/modes may not import @octokit\/rest/,
    /speak Octokit/,
  ],
  [
    "an import split over lines with a quote in a comment",
    {
      "plan/plan.ts":
        'import {\n  // the plan\'s "source" is never read\n  readFile,\n} from\n  "node:fs/promises";',
    },
    /plan\/plan\.ts:\d+ imports "node:fs\/promises" \(static\): src\/plan may not import/,
  ],
  [
    "a dynamic import() with a template string",
    { "plan/plan.ts": "export const load = (name: string) => import(`../triage/${name}.js`);" },
    /plan\/plan\.ts:\d+ dynamic import of `\.\.\/triage\/\$\{name\}\.js` is not a string literal/,
  ],
  [
    "a dynamic import() of a variable",
    {
      "modes/rlm.ts":
        'const which = "../publish/render.js";\nexport const r = () => import(which);',
    },
    /modes\/rlm\.ts:\d+ dynamic import of which is not a string literal/,
  ],
  [
    "a dynamic import() with a literal, from a forbidden folder",
    { "journal/upload.ts": 'export const m = () => import("../review/map.js");' },
    /\(dynamic\): src\/journal may not import src\/review\/map\.ts/,
  ],
  [
    "import/**/{",
    { "plan/plan.ts": 'import/**/{ request } from "node:https";' },
    /src\/plan may not import node:https/,
  ],
  [
    "a cycle between folders",
    { "trigger/actor.ts": 'import type { Plan } from "../plan/plan.js";' },
    /cycle between folders: plan -> trigger -> plan \(plan\/plan\.ts -> trigger\/\w+\.ts; trigger\/actor\.ts -> plan\/plan\.ts\)/,
  ],
  [
    "a cycle between files",
    {
      "util/ping.ts": 'import { pong } from "./pong.js";\nexport const ping = () => pong;',
      "util/pong.ts":
        'import type { ping } from "./ping.js";\nexport const pong: typeof ping | 1 = 1;',
    },
    /cycle between files: util\/ping\.ts -> util\/pong\.ts -> util\/ping\.ts/,
  ],
  [
    "a cycle between files of different folders, through an import type",
    {
      "config/settings.ts": 'export type R = import("../util/errors.js").ToolError;',
      "util/errors.ts": 'import type { Settings } from "../config/settings.js";',
    },
    /cycle between files: config\/settings\.ts -> util\/errors\.ts -> config\/settings\.ts/,
    /src\/util may not import src\/config\/settings\.ts/,
  ],
  [
    "an unresolvable relative import",
    { "util/fence.ts": 'import { x } from "./fences.js";' },
    /util\/fence\.ts:\d+ imports "\.\/fences\.js" \(static\): it does not resolve to a file/,
  ],
  [
    "a folder import (Node resolves no index.js)",
    { "cli/main.ts": 'import "../triage";' },
    /cli\/main\.ts:\d+ imports "\.\.\/triage" \(static\): it does not resolve to a file/,
  ],
  [
    "a relative import out of src/",
    { "util/fence.ts": 'import "../../test/support/git-fixture.js";' },
    /it reaches outside src\//,
  ],
  [
    "a re-export from a forbidden folder",
    { "journal/events.ts": 'export { MODES } from "../modes/index.js";' },
    /\(re-export\): src\/journal may not import src\/modes\/index\.ts/,
  ],
  [
    "export * from a forbidden folder",
    { "agent/stop.ts": 'export * from "../publish/render.js";' },
    /\(re-export\): src\/agent may not import src\/publish\/render\.ts/,
  ],
  [
    "a type-only import from a forbidden folder",
    { "plan/plan.ts": 'import type { Workspace } from "../workspace/workspace.js";' },
    /\(type\): src\/plan may not import src\/workspace\/workspace\.ts/,
  ],
  [
    'an import("x").T type reference',
    { "diff-review/budget.ts": 'export type P = import("../publish/publisher.js").Publisher;' },
    /\(type-query\): src\/diff-review may not import src\/publish\/publisher\.ts/,
  ],
  [
    "typeof import() of a package",
    { "plan/plan.ts": 'export type Core = typeof import("@actions/core");' },
    /\(type-query\): src\/plan may not import @actions\/core/,
  ],
  [
    "require()",
    { "plan/plan.ts": 'const cp = require("node:child_process");' },
    /\(require\): src\/plan may not import node:child_process/,
  ],
  [
    'import x = require("fs")',
    { "triage/types.ts": 'import fs = require("fs");' },
    /write "node:fs"/,
    /triage\/types\.ts may import only util from outside its folder/,
  ],
  [
    "a module augmentation of a forbidden module",
    {
      "agent/stop.ts": 'declare module "../publish/publisher.js" { interface Publisher { x: 1 } }',
    },
    /\(augment\): src\/agent may not import src\/publish\/publisher\.ts/,
  ],
  [
    "a triple-slash reference",
    { "util/typed.ts": '/// <reference types="node" />\nexport {};' },
    /triple-slash reference \(node\)/,
  ],
  [
    "the triage's ranking importing fs (allowed to its folder, not to the ranking)",
    { "triage/candidates.ts": 'import { open } from "node:fs/promises";' },
    /triage\/candidates\.ts may import only util from outside its folder \(rule "the triage's ranking/,
  ],
  [
    "the review's map importing its run (the same folder)",
    { "review/map.ts": 'import { runReview } from "./run.js";' },
    /review\/map\.ts may not import review\/run\.ts \(rule "the review's map, findings and anchoring never/,
  ],
  [
    "the review's anchoring importing the agent (allowed to its folder, not to the anchoring)",
    { "review/anchor.ts": 'import type { SessionResult } from "../agent/session.js";' },
    /review\/anchor\.ts may not import agent\/session\.ts \(rule "the review's map, findings/,
  ],
  [
    "the triage's pure part importing its run (the same folder)",
    { "triage/signature.ts": 'import { runTriage } from "./run.js";' },
    /triage\/signature\.ts may not import triage\/run\.ts \(rule "the triage's pure part never/,
  ],
  [
    "the triage's log reading importing a port",
    { "triage/log-lines.ts": 'import type { ActionsPort } from "../github/port.js";' },
    /triage\/log-lines\.ts may import only util, node:crypto, node:fs\/promises from outside/,
  ],
  [
    "a package package.json does not list",
    { "util/fence.ts": 'import pad from "left-pad";' },
    /names package left-pad, which package.json does not list/,
  ],
  [
    "a node: module Node does not have",
    { "util/fence.ts": 'import "node:nope";' },
    /is no built-in module of Node/,
  ],
  [
    "a subpath import",
    { "util/fence.ts": 'import "#internal";' },
    /neither a relative path nor a package/,
  ],
  [
    "a file that does not parse",
    { "util/fence.ts": 'import { a from "./invisible.js";' },
    /util\/fence\.ts: does not parse/,
  ],
  [
    "a folder with no rule",
    { "plugins/extra.ts": "export const x = 1;" },
    /src\/plugins has no rule/,
  ],
  [
    "a module rule left naming a module that moved away",
    { "review/anchor.ts": null },
    /rules\.ts names review\/anchor\.ts, which matches no module/,
  ],
];

describe("the architecture check refuses planted imports", () => {
  it("passes the untouched copy", () => {
    expect(violationsWith({})).toEqual([]);
  });

  it.each(PLANTED)("%s", (_name, plants, ...reasons) => {
    const found = violationsWith(plants);
    for (const reason of reasons)
      expect(found, `${reason} in\n${found.join("\n")}`).toContainEqual(
        expect.stringMatching(reason),
      );
  });

  it("still names a folder cycle when the rules are loosened to allow each of its imports", () => {
    const loose: Rules = {
      ...RULES,
      folders: {
        ...RULES.folders,
        trigger: { ...RULES.folders.trigger!, src: [...RULES.folders.trigger!.src, "plan"] },
      },
    };
    const found = violationsWith(
      { "trigger/actor.ts": 'import type { Plan } from "../plan/plan.js";' },
      loose,
    );
    expect(found.filter((v) => !v.startsWith("rules.ts"))).toEqual([
      "cycle between files: plan/plan.ts -> trigger/actor.ts -> plan/plan.ts",
      expect.stringMatching(/^cycle between folders: plan -> trigger -> plan /),
    ]);
    expect(found).toContainEqual(
      expect.stringMatching(/rules\.ts: src\/trigger \(rank 6\) lists plan of rank 7/),
    );
  });
});
