#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
var o={review:async()=>(await import("./review-RTZPX7AV.js")).reviewMode,task:async()=>(await import("./review-RTZPX7AV.js")).reviewMode,memory:async()=>(await import("./memory-62G26KOE.js")).memoryMode,stop:async()=>(await import("./stop-WPPJH24E.js")).stopMode,rlm:async()=>(await import("./rlm-NWKQMYPO.js")).rlmMode,triage:async()=>(await import("./triage-BIP7OP6G.js")).triageMode};async function r(e,t){let a=o[t.kind];return(await a())(e,t)}export{r as a};
