#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
import{a as d,d as l}from"./chunk-L2U4WOSM.js";import{j as c,l as p,m as u}from"./chunk-QDTHPMFK.js";import{a,b as m}from"./chunk-BQKZSVGL.js";import{h as s}from"./chunk-GPR2DCRE.js";import{writeFileSync as f}from"node:fs";import{dirname as R,join as g}from"node:path";async function j(r,e,i){let t=R(r),o=g(t,"result.json");f(o,`${i.redact(JSON.stringify(e,null,2))}
`);let n=g(t,"journal.html");return await w(r,n),{result:o,page:n}}async function w(r,e){let i=await c(r),t=l(i,{result:p(r),requests:await u(r),generator:`rivumi ${s}`});f(e,d(t))}function k(r){return m(r)?{scripted:a}:{}}export{j as a,w as b,k as c};
