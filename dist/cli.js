#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
import{a as i}from"./chunks/chunk-2QSSA2FW.js";import{a as t}from"./chunks/chunk-6CPL2PRN.js";import"./chunks/chunk-4ADGFKRA.js";var n={review:{summary:"review HEAD and the working tree against a base",load:()=>import("./chunks/review-command-UF37M4MG.js")},instructions:{summary:"show which instruction documents apply, and why",load:()=>import("./chunks/instructions-command-GRDOV5HC.js")},memory:{summary:"add, list or forget explicit memory entries (local store)",load:()=>import("./chunks/memory-command-26NFEWDL.js")},rlm:{summary:"answer a question about a file too large for a prompt (RLM engine)",load:()=>import("./chunks/rlm-command-353ZOR5O.js")},context:{summary:"print the prompt sections and the full system prompt",load:()=>import("./chunks/context-command-YQEWWBVC.js")},triage:{summary:"point at the lines of a failed CI log that say why it failed (offline)",load:()=>import("./chunks/triage-command-G2NQCBCX.js")}},m=`usage: rivumi <command> [options]

commands:
${Object.entries(n).map(([e,r])=>`  ${e.padEnd(14)}${r.summary}`).join(`
`)}

Run 'rivumi <command> --help' for a command's options.`;async function c(e){let[r,...s]=e;try{if(r==="--version"||r==="version")return process.stdout.write(`rivumi ${i}
`),0;if(r===void 0||r==="--help"||r==="help")return process.stdout.write(`${m}
`),r===void 0?2:0;let o=n[r];if(!o)throw new t(`unknown command '${r}'; commands: ${Object.keys(n).join(", ")}`);return await(await o.load()).run(s)}catch(o){let a=o instanceof Error?o.message:String(o);return process.stderr.write(`rivumi: ${a.split(`
`)[0]}
`),o instanceof t?2:1}}process.exitCode=await c(process.argv.slice(2));export{c as main};
