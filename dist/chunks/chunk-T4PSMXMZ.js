#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
import{a as s}from"./chunk-6CPL2PRN.js";import{randomBytes as u}from"node:crypto";import{parseArgs as g}from"node:util";function m(n,r){return n.includes("--help")?(process.stdout.write(`${r}
`),!0):!1}function c(n,r){try{return g(n)}catch(e){throw new s(`${e instanceof Error?e.message:String(e)}
${r}`)}}function d(n,r,e,t){let o=Number(r);if(!/^\d+$/.test(r)||o<e||t!==void 0&&o>t){let i=t===void 0?`of at least ${e}`:`from ${e} to ${t}`;throw new s(`--${n} ${r}: expected a whole number ${i}`)}return o}function $(){return`${new Date().toISOString().replace(/[:.]/g,"-")}-${u(3).toString("hex")}`}export{m as a,c as b,d as c,$ as d};
