#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
import{c as n}from"./chunk-6MXZPRZP.js";function s(e,t){return{turns:0,usage:{...n},costUsd:e?.prices?0:void 0,ms:Date.now()-t,model:e?.model??"?"}}export{s as a};
