#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
import{a as t,b as m}from"./chunks/chunk-T2AEE3OR.js";import{a as u}from"./chunks/chunk-2QSSA2FW.js";import{c as s}from"./chunks/chunk-6YGEOP5A.js";import{a as e}from"./chunks/chunk-6CPL2PRN.js";import"./chunks/chunk-BWHCFCAH.js";import{a as n}from"./chunks/chunk-SOSFJNIH.js";import"./chunks/chunk-4ADGFKRA.js";var i={review:{summary:"review HEAD and the working tree against a base",load:()=>import("./chunks/review-command-QUYHMASL.js")},instructions:{summary:"show which instruction documents apply, and why",load:()=>import("./chunks/instructions-command-JM5MWAPS.js")},memory:{summary:"add, list or forget explicit memory entries (local store)",load:()=>import("./chunks/memory-command-IGXK6RZ5.js")},rlm:{summary:"answer a question about a file too large for a prompt (RLM engine)",load:()=>import("./chunks/rlm-command-UVBO26K5.js")},context:{summary:"print the prompt sections and the full system prompt",load:()=>import("./chunks/context-command-SWKMZPHE.js")},journal:{summary:"view a run's journal as a page, its statistics, or replay it against another model",load:()=>import("./chunks/journal-command-SNP6SYKC.js")},triage:{summary:"point at the lines of a failed CI log that say why it failed (offline)",load:()=>import("./chunks/triage-command-Q6AIVBOC.js")}},l=`usage: rivumi <command> [options]

commands:
${Object.entries(i).map(([a,r])=>`  ${a.padEnd(14)}${r.summary}`).join(`
`)}

Run 'rivumi <command> --help' (or -h) for a command's options.
Exit status: 0 done, 1 the run failed, 2 bad command line, 3 stopped at a limit, 130 Ctrl-C.`;async function c(a){let[r,...d]=a;try{if(r==="--version"||r==="-V"||r==="version")return process.stdout.write(`rivumi ${u}
`),t.ok;if(r===void 0)throw new e(`a command is required: ${Object.keys(i).join(", ")}; see 'rivumi --help'`);if(r==="--help"||r==="-h"||r==="help")return process.stdout.write(`${l}
`),t.ok;let o=i[r];if(!o)throw new e(`unknown command '${r}'; commands: ${Object.keys(i).join(", ")}`);return await(await o.load()).run(d)}catch(o){let p=n(o);return s(`rivumi: ${p.trim().split(`
`)[0]}
`),o instanceof m?o.code:o instanceof e?t.usage:t.failed}}process.exitCode=await c(process.argv.slice(2));export{c as main};
