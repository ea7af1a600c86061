#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
import{randomBytes as g}from"node:crypto";function d(){return g(16).toString("base64url")}var p=/^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/,u=/^[A-Za-z0-9_-]{16,}$/,a="[fence id removed]";function w(t,n,e){if(!p.test(t))throw new Error(`fence label must be kebab-case: ${JSON.stringify(t)}`);if(!u.test(e))throw new Error("fence nonce must be 16+ characters of [A-Za-z0-9_-]");let r=`untrusted-${t}`,s=n.replace(new RegExp(e,"gi"),a).replace($(t),c=>`&lt;${c.slice(1)}`);return`<${r} id="${e}">
${s}
</${r} id="${e}">`}var i=String.raw`[\s\p{Cf}\p{Mn}\p{Me}]*`,f=String.raw`[\s\p{Cf}\p{Mn}\p{Me}\p{Pd}_\u2212]*`,o=new Map;function $(t){let n=o.get(t);if(!n){let e=r=>r.split("-").map(s=>[...s].join(i)).join(f);n=new RegExp(`[<\\uFF1C\\uFE64]${i}(?:[/\\uFF0F\\u2044\\u2215]${i})?(?:${e("untrusted")}|${e(t)})`,"giu"),o.set(t,n)}return n}export{d as a,w as b};
