#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
import{a as o}from"./chunk-MN3GYLTC.js";var g=50;function f(t){let e=[];return e.push(t.directories.length===0?"No active directories.":u([["DIRECTORY","ACTIVE DOCUMENT"],...t.directories.map(n=>[o(n.dir),n.active?o(n.active):"-"])])),e.push(t.documents.length===0?"No instruction documents found.":u([["DOCUMENT","LAYER","STATUS","BYTES","SHA-256","DETAIL"],...t.documents.map(n=>[o(n.path),n.layer,n.status,n.bytes===null?"-":String(n.bytes),n.sha256?.slice(0,12)??"-",m(n,o)])])),e.push(p(t)),`${e.join(`

`)}
`}function y(t){let e=s=>t.documents.filter(l=>l.status===s).length,n=`Instructions: ${e("active")} active, ${e("suppressed")} suppressed, ${e("rejected")} rejected${t.truncated?", truncated":""}`,i=a(["Directory","Active document"],t.directories.map(s=>[c(s.dir),s.active?c(s.active):"none"])),r=a(["Document","Layer","Status","Detail","Bytes","SHA-256"],t.documents.map(s=>[c(s.path),s.layer,s.status,m(s,c),s.bytes===null?"":String(s.bytes),s.sha256?c(s.sha256.slice(0,12)):""]));return`<details><summary>${n}</summary>

${i}

${r}

${p(t)}

</details>
`}function m(t,e){return t.status==="rejected"?t.reason??"":t.status==="suppressed"?`${t.reason??""} by ${(t.by??[]).map(e).join(", ")}`:t.layer==="user"?"applies to every file":`governs ${t.governs.map(e).join(", ")}`}function p(t){return t.truncated?"The rendered instructions were cut to fit the total budget.":"The rendered instructions fit the total budget."}function u(t){let e=t[0]?.map((n,i)=>Math.max(...t.map(r=>(r[i]??"").length)))??[];return t.map(n=>n.map((i,r)=>i.padEnd(e[r]??0)).join("  ").trimEnd()).join(`
`)}function a(t,e){let n=e.slice(0,g);e.length>n.length&&n.push([`\u2026 ${e.length-n.length} more`,...t.slice(1).map(()=>"")]),n.length===0&&n.push(["none",...t.slice(1).map(()=>"")]);let i=r=>`| ${r.join(" | ")} |`;return[i(t),i(t.map(()=>"---")),...n.map(i)].join(`
`)}function c(t){return`<code>${o(t).replace(/[^A-Za-z0-9./ -]/gu,n=>`&#${n.codePointAt(0)??0};`)}</code>`}export{f as a,y as b};
