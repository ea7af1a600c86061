#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
import{c as f,d as i,f as g}from"./chunk-XB7QAONQ.js";import{a as l,b as m}from"./chunk-T4PSMXMZ.js";import{a as c}from"./chunk-6CPL2PRN.js";import{relative as w,resolve as p}from"node:path";function d(t){let e=[];return e.push(t.directories.length===0?"No active directories.":h([["DIRECTORY","ACTIVE DOCUMENT"],...t.directories.map(n=>[i(n.dir),n.active?i(n.active):"-"])])),e.push(t.documents.length===0?"No instruction documents found.":h([["DOCUMENT","LAYER","STATUS","BYTES","SHA-256","DETAIL"],...t.documents.map(n=>[i(n.path),n.layer,n.status,n.bytes===null?"-":String(n.bytes),n.sha256?.slice(0,12)??"-",$(n,i)])])),e.push(D(t)),`${e.join(`

`)}
`}function $(t,e){return t.status==="rejected"?t.reason??"":t.status==="suppressed"?`${t.reason??""} by ${(t.by??[]).map(e).join(", ")}`:t.layer==="user"?"applies to every file":`governs ${t.governs.map(e).join(", ")}`}function D(t){return t.truncated?"The rendered instructions were cut to fit the total budget.":"The rendered instructions fit the total budget."}function h(t){let e=t[0]?.map((n,s)=>Math.max(...t.map(r=>(r[s]??"").length)))??[];return t.map(n=>n.map((s,r)=>s.padEnd(e[r]??0)).join("  ").trimEnd()).join(`
`)}var y=`usage: rivumi instructions [--repo DIR] [--ref REV] [--dir D ...] [--user-file F] [--json]

Shows which instruction documents (RIVUMI.md, AGENTS.md, the user file) apply to each directory,
which are suppressed or rejected, and why. Without --ref the working tree is read; without --dir
the current directory is used.`,v={repo:{type:"string"},ref:{type:"string"},dir:{type:"string",multiple:!0},"user-file":{type:"string"},json:{type:"boolean",default:!1}};async function j(t,e,n){if(n?.startsWith("-"))throw new c(`--ref ${n}: a revision cannot start with '-'`);let s=p(t??"."),r=await f(s,["rev-parse","--show-toplevel"],{allowFail:!0});if(!r)throw new c(`${s} is not inside a git repository; pass --repo DIR`);let o=e&&e.length>0?e.map(u=>p(s,u)):[p(".")];return{root:r,dirs:o.map(u=>{let a=w(r,u).split("\\").join("/");if(a.startsWith(".."))throw new c(`--dir ${u} is outside the repository ${r}`);return a===""?".":a})}}async function N(t){if(l(t,y))return 0;let{values:e}=m({args:t,options:v},y),{root:n,dirs:s}=await j(e.repo,e.dir,e.ref),{resolution:r}=await g({root:n,ref:e.ref,activeDirs:s,userFile:e["user-file"]}),o=r.diagnostics;return process.stdout.write(e.json?`${JSON.stringify(o,null,2)}
`:`${d(o)}
`),0}export{y as a,v as b,j as c,N as d};
