#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
import{a as s}from"./chunk-6CPL2PRN.js";import{b as n}from"./chunk-XE2E62PV.js";var i={"reasoning-effort":{type:"string"},"token-limit-param":{type:"string"},"max-output-tokens":{type:"string"}},a="  --reasoning-effort E       minimal, low, medium or high; sent as reasoning_effort only when given",u={"reasoning-effort":i["reasoning-effort"]},d=`model requests:
${a}`,m=`model requests (as the action's inputs):
${a}
  --token-limit-param P      the cap's name: auto (default: max_completion_tokens for OpenAI and
                             Azure OpenAI, max_tokens elsewhere), max_completion_tokens or max_tokens
  --max-output-tokens N      completion cap of each request (default 4096; 16384 with
                             --reasoning-effort or once the model reports reasoning tokens)`;function c(e){let o={};for(let t of Object.keys(i)){let r=e[t];r!==void 0&&(o[t]=r)}return o}function g(e){if(e===void 0)return;let o=e.trim().toLowerCase();if(n.includes(o))return o;throw new s(`--reasoning-effort ${e}: expected ${n.slice(0,-1).join(", ")} or ${n.at(-1)}`)}export{i as a,u as b,d as c,m as d,c as e,g as f};
