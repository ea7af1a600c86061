#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
var e=["critical","major","minor","nit"],n=["test","build","lint","types","dependency","infrastructure","timeout","flaky"],r=Object.freeze({promptTokens:0,completionTokens:0,cachedTokens:0,reasoningTokens:0});export{e as a,n as b,r as c};
