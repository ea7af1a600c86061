#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
var o=String.raw`[\p{Default_Ignorable_Code_Point}\0-\x09\x0B\x0C\x0E-\x1F\x7F-\x9F]*`,s=String.raw`[\s\u0085\p{Default_Ignorable_Code_Point}\0-\x08\x0E-\x1F\x7F-\x9F]*`,g=new RegExp(String.raw`#(${o})#(${o})\[`,"gu"),a=new RegExp(String.raw`^(${s}):(${o}):`,"gmu"),c="\u266F",p="\u2236";function l(n){return n.replace(g,`#$1${c}$2[`).replace(a,`$1:$2${p}`)}var f=/@|&#0*64;|&#[xX]0*40;|&commat;/g,$=/[A-Za-z0-9]/;function u(n,r={}){let e=(r.emails??"keep")==="keep";return n.replace(f,(t,i)=>e&&t==="@"&&$.test(n.charAt(i-1))?t:`${t}\u200B`)}function k(n){return u(x(n))}function x(n){return n.replace(/<!--/g,"&lt;!--").replace(/-->/g,"--&gt;")}function E(n,r,e){if(n.length<=r)return n;let t=Math.max(0,r-e.length-2);return`${n.slice(0,t)}

${e}`.slice(0,r)}function z(n,r,e){if(Buffer.byteLength(n)<=r)return n;let t=Math.max(0,r-Buffer.byteLength(e)-2);return`${Buffer.from(n).subarray(0,t).toString("utf8").replace(/\uFFFD+$/,"")}

${e}`}export{l as a,u as b,k as c,x as d,E as e,z as f};
