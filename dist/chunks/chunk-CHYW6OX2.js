#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
var r=["test","build","lint","types","dependency","infrastructure","timeout","flaky"],n=Object.freeze({promptTokens:0,completionTokens:0,cachedTokens:0});function o(e,t){return{turns:0,usage:{...n},costUsd:e?.prices?0:void 0,ms:Date.now()-t,model:e?.model??"?"}}export{r as a,o as b};
