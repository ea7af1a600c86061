#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
import{a as o,d as e}from"./chunk-QHJH6YRM.js";import{d as t}from"./chunk-XWJ3CNRT.js";var d={"rlm-sandbox":{type:"string"}},s=`  --rlm-sandbox none  run the RLM engine's Python REPL without its Landlock and seccomp
                      confinement (default landlock: confined, or no model-written code runs)`;function c(n){return n===void 0?{}:{"rlm-sandbox":n}}function f(n){n==="none"&&process.stderr.write(`rivumi: warning: --rlm-sandbox none: the RLM REPL runs model-written code without Landlock or seccomp confinement
`)}function u(n){if(n instanceof t)return new e(`${n.message}. --rlm-sandbox none runs it unconfined, at your own risk`,o.failed)}export{d as a,s as b,c,f as d,u as e};
