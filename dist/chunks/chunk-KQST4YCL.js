#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
var e=class extends Error{constructor(r,n){super(`${r}: ${n instanceof Error?n.message:String(n)}`,{cause:n});this.phase=r}phase;name="PhaseError"};async function s(o,t){try{return await t()}catch(r){throw r instanceof e?r:new e(o,r)}}export{e as a,s as b};
