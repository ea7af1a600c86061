#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
import{a as o}from"./chunks/chunk-6CPL2PRN.js";import{a as i}from"./chunks/chunk-2QSSA2FW.js";import"./chunks/chunk-4ADGFKRA.js";var s={review:{summary:"review HEAD and the working tree against a base",load:()=>import("./chunks/review-command-ILGO4PGB.js")}},m=`usage: rivumi <command> [options]

commands:
${Object.entries(s).map(([e,r])=>`  ${e.padEnd(14)}${r.summary}`).join(`
`)}

Run 'rivumi <command> --help' for a command's options.`;async function c(e){let[r,...t]=e;try{if(r==="--version"||r==="version")return process.stdout.write(`rivumi ${i}
`),0;if(r===void 0||r==="--help"||r==="help")return process.stdout.write(`${m}
`),r===void 0?2:0;let n=s[r];if(!n)throw new o(`unknown command '${r}'; commands: ${Object.keys(s).join(", ")}`);return await(await n.load()).run(t)}catch(n){let a=n instanceof Error?n.message:String(n);return process.stderr.write(`rivumi: ${a.split(`
`)[0]}
`),n instanceof o?2:1}}process.exitCode=await c(process.argv.slice(2));export{c as main};
