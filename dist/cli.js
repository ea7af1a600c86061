#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
import{a as d}from"./chunks/chunk-2QSSA2FW.js";import{b as p}from"./chunks/chunk-5H42CHG2.js";import{a}from"./chunks/chunk-6CPL2PRN.js";import{a as e,d as u}from"./chunks/chunk-QHJH6YRM.js";import{c as m}from"./chunks/chunk-6YGEOP5A.js";import{a as s}from"./chunks/chunk-SOSFJNIH.js";import"./chunks/chunk-BWHCFCAH.js";import"./chunks/chunk-4ADGFKRA.js";var i={review:{summary:"review HEAD and the working tree against a base",load:()=>import("./chunks/review-command-R7GJDGFM.js")},instructions:{summary:"show which instruction documents apply, and why",load:()=>import("./chunks/instructions-command-TNVSGBRV.js")},memory:{summary:"add, list or forget explicit memory entries (local store)",load:()=>import("./chunks/memory-command-I2YH6LRD.js")},rlm:{summary:"answer a question about a file too large for a prompt (RLM engine)",load:()=>import("./chunks/rlm-command-LLLLREYI.js")},context:{summary:"print the prompt sections and the full system prompt",load:()=>import("./chunks/context-command-7HXG2B4D.js")},journal:{summary:"view a run's journal as a page, its statistics, or replay it against another model",load:()=>import("./chunks/journal-command-W2E3PCXX.js")},demo:{summary:"run the action on a sample pull request, offline, with a scripted model",load:()=>import("./chunks/demo-command-IJIXIPNT.js")},triage:{summary:"point at the lines of a failed CI log that say why it failed (offline)",load:()=>import("./chunks/triage-command-WEZ6YGNJ.js")}},f=`usage: rivumi <command> [options]

commands:
${Object.entries(i).map(([t,r])=>`  ${t.padEnd(14)}${r.summary}`).join(`
`)}

Run 'rivumi help <command>' (or 'rivumi <command> --help') for a command's options; -v prints
the version.
Exit status: 0 done, 1 the run failed, 2 bad command line, 3 stopped at a limit, 130 Ctrl-C,
143 SIGTERM.`;async function h(t){let[r,...o]=t;try{if(r==="--version"||r==="-v"||r==="-V"||r==="version")return process.stdout.write(`rivumi ${d}
`),e.ok;if(r===void 0)throw new a(`a command is required: ${Object.keys(i).join(", ")}; see 'rivumi --help'`);return r==="help"&&o[0]!==void 0&&!o[0].startsWith("-")?await(await l(o[0]).load()).run(["--help"]):r==="--help"||r==="-h"||r==="help"?(process.stdout.write(`${f}
`),e.ok):await(await l(r).load()).run(o)}catch(n){let c=s(n);return m(`rivumi: ${c.trim().split(`
`)[0]}
`),n instanceof u?n.code:n instanceof a?e.usage:e.failed}}function l(t){let r=Object.hasOwn(i,t)?i[t]:void 0;if(r)return r;let o=Object.keys(i);throw new a(`unknown command '${t}'${p(t,o,"rivumi ")}; commands: ${o.join(", ")}`)}process.exitCode=await h(process.argv.slice(2));export{h as main};
