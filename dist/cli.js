#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
import{a as i}from"./chunks/chunk-2QSSA2FW.js";import{a as e}from"./chunks/chunk-6CPL2PRN.js";import"./chunks/chunk-4ADGFKRA.js";var n={review:{summary:"review HEAD and the working tree against a base",load:()=>import("./chunks/review-command-MUX6NYDR.js")},instructions:{summary:"show which instruction documents apply, and why",load:()=>import("./chunks/instructions-command-NK6NERCY.js")},memory:{summary:"add, list or forget explicit memory entries (local store)",load:()=>import("./chunks/memory-command-WJRUKQRV.js")},rlm:{summary:"answer a question about a file too large for a prompt (RLM engine)",load:()=>import("./chunks/rlm-command-UXXNEHNP.js")},context:{summary:"print the prompt sections and the full system prompt",load:()=>import("./chunks/context-command-KC6MJO6E.js")},journal:{summary:"view a run's journal as a page, its statistics, or replay it against another model",load:()=>import("./chunks/journal-command-42QHBBXF.js")},triage:{summary:"point at the lines of a failed CI log that say why it failed (offline)",load:()=>import("./chunks/triage-command-ZGZW67XJ.js")}},m=`usage: rivumi <command> [options]

commands:
${Object.entries(n).map(([t,r])=>`  ${t.padEnd(14)}${r.summary}`).join(`
`)}

Run 'rivumi <command> --help' for a command's options.`;async function u(t){let[r,...s]=t;try{if(r==="--version"||r==="version")return process.stdout.write(`rivumi ${i}
`),0;if(r===void 0||r==="--help"||r==="help")return process.stdout.write(`${m}
`),r===void 0?2:0;let o=n[r];if(!o)throw new e(`unknown command '${r}'; commands: ${Object.keys(n).join(", ")}`);return await(await o.load()).run(s)}catch(o){let a=o instanceof Error?o.message:String(o);return process.stderr.write(`rivumi: ${a.split(`
`)[0]}
`),o instanceof e?2:1}}process.exitCode=await u(process.argv.slice(2));export{u as main};
