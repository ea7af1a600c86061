#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
var s=/@|&#0*64;|&#[xX]0*40;|&commat;/g,u=/[A-Za-z0-9]/;function o(r,n={}){let e=(n.emails??"keep")==="keep";return r.replace(s,(t,i)=>e&&t==="@"&&u.test(r.charAt(i-1))?t:`${t}\u200B`)}function f(r){return o(g(r))}function g(r){return r.replace(/<!--/g,"&lt;!--").replace(/-->/g,"--&gt;")}function l(r,n,e){if(r.length<=n)return r;let t=Math.max(0,n-e.length-2);return`${r.slice(0,t)}

${e}`.slice(0,n)}function m(r,n,e){if(Buffer.byteLength(r)<=n)return r;let t=Math.max(0,n-Buffer.byteLength(e)-2);return`${Buffer.from(r).subarray(0,t).toString("utf8").replace(/\uFFFD+$/,"")}

${e}`}export{o as a,f as b,g as c,l as d,m as e};
