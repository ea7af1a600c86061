#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
function d(e,n){return e===n||e.startsWith(`${n}/`)}function u(e,n){let i=e.entries.filter(r=>r.dir===void 0||n.some(t=>d(t,r.dir))),s=e.limit;return{entries:s===void 0?i:s>0?i.slice(-s):[],source:e.source}}function c(e,n,i){return{entries:e.map(({id:s,type:o,text:r,dir:t})=>({id:s,type:o,text:r,...t!==void 0?{dir:t}:{}})),source:n,limit:i}}export{d as a,u as b,c};
