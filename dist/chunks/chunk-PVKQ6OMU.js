#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
var i={ok:0,failed:1,usage:2,limit:3,interrupted:130},t=class extends Error{constructor(r,u){super(r);this.code=u}code;name="CliExit"},s={"max-turns":"--max-turns","max-tokens":"--max-tokens","max-cost":"--max-cost-usd",timeout:"--timeout-minutes"};function a(e){let{stop:n}=e;if(n==="cancelled")return new t("interrupted (Ctrl-C)",i.interrupted);let r=n?s[n]:void 0;if(r)return new t(`stopped at the limit set by ${r}; the result above is partial`,i.limit);if(e.failed)return new t(`${e.command} failed: ${o(e.why??"no reason given")}`,i.failed)}function o(e){return e.trim().split(`
`)[0]??""}function d(e){return e?(process.stderr.write(`rivumi: ${o(e.message)}
`),e.code):i.ok}export{i as a,t as b,a as c,o as d,d as e};
