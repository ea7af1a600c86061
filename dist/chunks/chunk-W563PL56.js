#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
import{a as m}from"./chunk-7WACF7NL.js";import{a as d,b as f}from"./chunk-JUT4NSUW.js";import{a as l}from"./chunk-VHI5T3NG.js";import{a}from"./chunk-6CPL2PRN.js";import{i as c}from"./chunk-UTXDI6B5.js";import{relative as w,resolve as u}from"node:path";var h=`usage: rivumi instructions [--repo DIR] [--ref REV] [--dir D ...] [--user-file F] [--json]

Shows which instruction documents (RIVUMI.md, AGENTS.md, the user file) apply to each directory,
which are suppressed or rejected, and why. Without --ref the working tree is read; without --dir
the current directory is used.`,g={repo:{type:"string"},ref:{type:"string"},dir:{type:"string",multiple:!0},"user-file":{type:"string"},json:{type:"boolean",default:!1}};async function y(i,t,o){if(o?.startsWith("-"))throw new a(`--ref ${o}: a revision cannot start with '-'`);let e=u(i??"."),r=await c(e,["rev-parse","--show-toplevel"],{allowFail:!0});if(!r)throw new a(`${e} is not inside a git repository; pass --repo DIR`);let s=t&&t.length>0?t.map(n=>u(e,n)):[u(".")];return{root:r,dirs:s.map(n=>{let p=w(r,n).split("\\").join("/");if(p.startsWith(".."))throw new a(`--dir ${n} is outside the repository ${r}`);return p===""?".":p})}}async function D(i){if(d(i,h))return 0;let{values:t}=f({args:i,options:g,strict:!0,allowPositionals:!1},h),{root:o,dirs:e}=await y(t.repo,t.dir,t.ref),{resolution:r}=await m({root:o,ref:t.ref,activeDirs:e,userFile:t["user-file"]}),s=r.diagnostics;return process.stdout.write(t.json?`${JSON.stringify(s,null,2)}
`:`${l(s)}
`),0}export{h as a,g as b,y as c,D as d};
