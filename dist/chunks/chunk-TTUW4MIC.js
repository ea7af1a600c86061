#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
import{a as d}from"./chunk-5ABINCU7.js";import{a as u}from"./chunk-6EGSM5LV.js";import{d as l}from"./chunk-2KXB5DCR.js";import{a as f,b as c}from"./chunk-JUT4NSUW.js";import{a as s}from"./chunk-6CPL2PRN.js";import{relative as h,resolve as p}from"node:path";var m=`usage: rivumi instructions [--repo DIR] [--ref REV] [--dir D ...] [--user-file F] [--json]

Shows which instruction documents (RIVUMI.md, AGENTS.md, the user file) apply to each directory,
which are suppressed or rejected, and why. Without --ref the working tree is read; without --dir
the current directory is used.`;async function w(o,r){let i=p(o??"."),e=await l(i,["rev-parse","--show-toplevel"],{allowFail:!0});if(!e)throw new s(`${i} is not inside a git repository; pass --repo DIR`);let n=r&&r.length>0?r.map(t=>p(i,t)):[p(".")];return{root:e,dirs:n.map(t=>{let a=h(e,t).split("\\").join("/");if(a.startsWith(".."))throw new s(`--dir ${t} is outside the repository ${e}`);return a===""?".":a})}}async function I(o){if(f(o,m))return 0;let{values:r}=c({args:o,options:{repo:{type:"string"},ref:{type:"string"},dir:{type:"string",multiple:!0},"user-file":{type:"string"},json:{type:"boolean",default:!1}},strict:!0,allowPositionals:!1},m);if(r.ref?.startsWith("-"))throw new s(`--ref ${r.ref}: a revision cannot start with '-'`);let{root:i,dirs:e}=await w(r.repo,r.dir),{resolution:n}=await d({root:i,ref:r.ref,activeDirs:e,userFile:r["user-file"]}),t=n.diagnostics;return process.stdout.write(r.json?`${JSON.stringify(t,null,2)}
`:`${u(t)}
`),0}export{m as a,w as b,I as c};
