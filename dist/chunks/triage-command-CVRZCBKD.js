#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
import{b as g,c as h,d as u}from"./chunk-WYIULRVX.js";import{a as l,b as p}from"./chunk-6YGEOP5A.js";import{a as o}from"./chunk-6CPL2PRN.js";import"./chunk-BWHCFCAH.js";import{c as d,d as f}from"./chunk-5QK3EVUM.js";import"./chunk-SOSFJNIH.js";import"./chunk-4ADGFKRA.js";import{accessSync as b,constants as w,statSync as x}from"node:fs";import{resolve as _}from"node:path";var r=`usage: rivumi triage --log FILE [--step NAME] [--max-bytes N] [--json]

Points at the few short line ranges of a failed CI job log that most likely say why it failed,
best first, with the step each belongs to, and prints a signature that stays the same when the same
failure happens again (timestamps, durations, ids and temporary paths do not count). Offline and
deterministic: no model is called. Line numbers count lines split on \\n.
--step names the failed step as the Actions API gives it; its lines are preferred.
--max-bytes searches only the log's last N bytes (the lines before are still counted).`,m=200;async function F(s){if(g(s,r))return 0;let{values:t}=h({args:s,options:{log:{type:"string"},step:{type:"string"},"max-bytes":{type:"string"},json:{type:"boolean",default:!1}}},r);if(!t.log)throw new o(`--log FILE is required
${r}`);let e=_(t.log);if(!E(e))throw new o(`--log ${t.log}: not a readable file`);let n=t["max-bytes"]===void 0?void 0:u("max-bytes",t["max-bytes"],1),i=await d(e,{...t.step?{failedStep:t.step}:{},...n!==void 0?{maxBytes:n}:{}});return t.json?p(`${JSON.stringify(f(i))}
`):l(`${S(i)}
`),0}function E(s){try{return b(s,w.R_OK),x(s).isFile()}catch{return!1}}function S(s){let t=[];s.candidates.length===0&&t.push("No failure found in the log."),s.candidates.forEach((e,n)=>{let i=e.start_line===e.end_line?`line ${e.start_line}`:`lines ${e.start_line}-${e.end_line}`;t.push(`${n+1}. ${i} \xB7 ${e.kind} \xB7 step "${e.step}" \xB7 score ${e.score}`);let c=String(e.end_line).length;e.lines.forEach((a,y)=>{let $=a.length>m?`${a.slice(0,m)}\u2026`:a;t.push(`   ${String(e.start_line+y).padStart(c)} | ${$}`)})}),t.push("",`signature: ${s.signature}`),s.truncated&&t.push("(only the end of the log was searched: --max-bytes)"),t.push("steps:");for(let e of s.steps)t.push(`  ${`${e.start_line}-${e.end_line}`.padEnd(13)} ${e.name}${e.failed?"  (failed)":""}`);return t.join(`
`)}export{r as USAGE,S as formatTriage,F as run};
