#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
function p(n,r,s){return{entries:n.map(({id:o,type:t,text:i,dir:e})=>({id:o,type:t,text:i,...e!==void 0?{dir:e}:{}})),source:r,limit:s}}export{p as a};
