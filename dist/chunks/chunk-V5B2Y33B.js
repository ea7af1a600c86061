#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
function u(r){return r.replace(/<!--/g,"&lt;!--").replace(/-->/g,"--&gt;").replace(/(^|[^\w])@(?=[A-Za-z0-9])/g,"$1@\u200B")}function g(r,n,t){if(r.length<=n)return r;let e=Math.max(0,n-t.length-2);return`${r.slice(0,e)}

${t}`.slice(0,n)}function s(r,n,t){if(Buffer.byteLength(r)<=n)return r;let e=Math.max(0,n-Buffer.byteLength(t)-2);return`${Buffer.from(r).subarray(0,e).toString("utf8").replace(/\uFFFD+$/,"")}

${t}`}export{u as a,g as b,s as c};
