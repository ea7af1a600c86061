#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
import{c as o}from"./chunk-6YGEOP5A.js";var i={ok:0,failed:1,usage:2,limit:3,interrupted:130},t=class extends Error{constructor(r,a){super(r);this.code=a}code;name="CliExit"},u={"max-turns":"--max-turns","max-tokens":"--max-tokens","max-cost":"--max-cost-usd",timeout:"--timeout-minutes"};function m(e){let{stop:n}=e;if(n==="cancelled")return new t("interrupted (Ctrl-C)",i.interrupted);let r=n?u[n]:void 0;if(r)return new t(`stopped at the limit set by ${r}; the result above is partial`,i.limit);if(e.failed)return new t(`${e.command} failed: ${s(e.why??"no reason given")}`,i.failed)}function s(e){return e.trim().split(`
`)[0]??""}function f(e){return e?(o(`rivumi: ${s(e.message)}
`),e.code):i.ok}export{i as a,t as b,m as c,s as d,f as e};
