#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
import{b as n}from"./chunk-BZLBDOWT.js";function r(e,t){return{turns:0,usage:{...n},costUsd:e?.prices?0:void 0,ms:Date.now()-t,model:e?.model??"?"}}export{r as a};
