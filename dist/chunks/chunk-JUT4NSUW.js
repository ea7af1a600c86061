#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
import{a as n}from"./chunk-6CPL2PRN.js";import{parseArgs as s}from"node:util";function p(r,e){return r.includes("--help")?(process.stdout.write(`${e}
`),!0):!1}function a(r,e){try{return s(r)}catch(t){throw new n(`${t instanceof Error?t.message:String(t)}
${e}`)}}export{p as a,a as b};
