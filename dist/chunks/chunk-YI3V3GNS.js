#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
var n=()=>({promptTokens:0,completionTokens:0,cachedTokens:0,reasoningTokens:0});function t(o,e){o.promptTokens+=e.promptTokens,o.completionTokens+=e.completionTokens,o.cachedTokens+=e.cachedTokens,o.reasoningTokens+=e.reasoningTokens??0}function a(...o){let e=n();for(let s of o)t(e,s);return e}var p=o=>o.promptTokens+o.completionTokens;export{n as a,t as b,a as c,p as d};
