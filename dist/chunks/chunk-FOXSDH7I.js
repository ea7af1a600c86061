#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
import{a as f}from"./chunk-SAZFHRUA.js";import{a as p}from"./chunk-6EGSM5LV.js";import{d as l}from"./chunk-S7DX5M7X.js";import{a as c}from"./chunk-4F5LBT64.js";import{a as s}from"./chunk-6CPL2PRN.js";import{relative as m,resolve as u}from"node:path";var d=`usage: rivumi instructions [--repo DIR] [--ref REV] [--dir D ...] [--user-file F] [--json]

Shows which instruction documents (RIVUMI.md, AGENTS.md, the user file) apply to each directory,
which are suppressed or rejected, and why. Without --ref the working tree is read; without --dir
the current directory is used.`;async function h(o,r){let i=u(o??"."),e=await l(i,["rev-parse","--show-toplevel"],{allowFail:!0});if(!e)throw new s(`${i} is not inside a git repository; pass --repo DIR`);let n=r&&r.length>0?r.map(t=>u(i,t)):[u(".")];return{root:e,dirs:n.map(t=>{let a=m(e,t).split("\\").join("/");if(a.startsWith(".."))throw new s(`--dir ${t} is outside the repository ${e}`);return a===""?".":a})}}async function D(o){if(o.includes("--help"))return process.stdout.write(`${d}
`),0;let{values:r}=c({args:o,options:{repo:{type:"string"},ref:{type:"string"},dir:{type:"string",multiple:!0},"user-file":{type:"string"},json:{type:"boolean",default:!1}},strict:!0,allowPositionals:!1},d);if(r.ref?.startsWith("-"))throw new s(`--ref ${r.ref}: a revision cannot start with '-'`);let{root:i,dirs:e}=await h(r.repo,r.dir),{resolution:n}=await f({root:i,ref:r.ref,activeDirs:e,userFile:r["user-file"]}),t=n.diagnostics;return process.stdout.write(r.json?`${JSON.stringify(t,null,2)}
`:`${p(t)}
`),0}export{d as a,h as b,D as c};
