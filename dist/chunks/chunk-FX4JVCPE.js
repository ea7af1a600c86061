#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
import{b as e}from"./chunk-BZLBDOWT.js";import{c as n}from"./chunk-YI3V3GNS.js";function d(s,t){return{turns:0,usage:{...e},costUsd:s?.prices?0:void 0,ms:Date.now()-t,model:s?.model??"?"}}function i(s,t,u){return{...s,turns:s.turns+t.turns,requests:(s.requests??0)+(t.requests??t.turns),usage:n(s.usage,t.usage),costUsd:s.costUsd===void 0&&t.costUsd===void 0?void 0:(s.costUsd??0)+(t.costUsd??0),ms:Date.now()-u}}export{d as a,i as b};
