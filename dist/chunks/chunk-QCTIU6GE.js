#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
var r=["critical","major","minor","nit"],t=Object.freeze({promptTokens:0,completionTokens:0,cachedTokens:0,reasoningTokens:0});function i(e,n){return{turns:0,usage:{...t},costUsd:e?.prices?0:void 0,ms:Date.now()-n,model:e?.model??"?"}}export{r as a,i as b};
