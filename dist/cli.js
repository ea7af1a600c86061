#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
import{a as s}from"./chunks/chunk-2QSSA2FW.js";import{a as n}from"./chunks/chunk-6CPL2PRN.js";import"./chunks/chunk-4ADGFKRA.js";var t={review:{summary:"review HEAD and the working tree against a base",load:()=>import("./chunks/review-command-24OMGPUT.js")},instructions:{summary:"show which instruction documents apply, and why",load:()=>import("./chunks/instructions-command-GRDOV5HC.js")},memory:{summary:"add, list or forget explicit memory entries (local store)",load:()=>import("./chunks/memory-command-26NFEWDL.js")},rlm:{summary:"answer a question about a file too large for a prompt (RLM engine)",load:()=>import("./chunks/rlm-command-VNATBRVM.js")},context:{summary:"print the prompt sections and the full system prompt",load:()=>import("./chunks/context-command-YQEWWBVC.js")}},a=`usage: rivumi <command> [options]

commands:
${Object.entries(t).map(([e,r])=>`  ${e.padEnd(14)}${r.summary}`).join(`
`)}

Run 'rivumi <command> --help' for a command's options.`;async function c(e){let[r,...i]=e;try{if(r==="--version"||r==="version")return process.stdout.write(`rivumi ${s}
`),0;if(r===void 0||r==="--help"||r==="help")return process.stdout.write(`${a}
`),r===void 0?2:0;let o=t[r];if(!o)throw new n(`unknown command '${r}'; commands: ${Object.keys(t).join(", ")}`);return await(await o.load()).run(i)}catch(o){let m=o instanceof Error?o.message:String(o);return process.stderr.write(`rivumi: ${m.split(`
`)[0]}
`),o instanceof n?2:1}}process.exitCode=await c(process.argv.slice(2));export{c as main};
