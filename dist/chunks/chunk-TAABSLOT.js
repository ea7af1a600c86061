#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
import{a as m}from"./chunk-NJHYW57Q.js";import{a as l,b as f}from"./chunk-T4PSMXMZ.js";import{a}from"./chunk-6CPL2PRN.js";import{a as c}from"./chunk-GWQMUS7I.js";import{c as d}from"./chunk-KRK6SLPX.js";import{relative as g,resolve as u}from"node:path";var h=`usage: rivumi instructions [--repo DIR] [--ref REV] [--dir D ...] [--user-file F] [--json]

Shows which instruction documents (RIVUMI.md, AGENTS.md, the user file) apply to each directory,
which are suppressed or rejected, and why. Without --ref the working tree is read; without --dir
the current directory is used.`,w={repo:{type:"string"},ref:{type:"string"},dir:{type:"string",multiple:!0},"user-file":{type:"string"},json:{type:"boolean",default:!1}};async function y(i,r,o){if(o?.startsWith("-"))throw new a(`--ref ${o}: a revision cannot start with '-'`);let e=u(i??"."),t=await d(e,["rev-parse","--show-toplevel"],{allowFail:!0});if(!t)throw new a(`${e} is not inside a git repository; pass --repo DIR`);let s=r&&r.length>0?r.map(n=>u(e,n)):[u(".")];return{root:t,dirs:s.map(n=>{let p=g(t,n).split("\\").join("/");if(p.startsWith(".."))throw new a(`--dir ${n} is outside the repository ${t}`);return p===""?".":p})}}async function D(i){if(l(i,h))return 0;let{values:r}=f({args:i,options:w},h),{root:o,dirs:e}=await y(r.repo,r.dir,r.ref),{resolution:t}=await m({root:o,ref:r.ref,activeDirs:e,userFile:r["user-file"]}),s=t.diagnostics;return process.stdout.write(r.json?`${JSON.stringify(s,null,2)}
`:`${c(s)}
`),0}export{h as a,w as b,y as c,D as d};
