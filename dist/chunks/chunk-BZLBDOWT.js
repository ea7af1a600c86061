#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
var e=["critical","major","minor","nit"],t=Object.freeze({promptTokens:0,completionTokens:0,cachedTokens:0,reasoningTokens:0});export{e as a,t as b};
