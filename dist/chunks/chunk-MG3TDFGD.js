#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
import{a as o}from"./chunk-WHFWJDZ5.js";var h=50;function y(t){let e=[],s=t.layering==="stack";return e.push(t.directories.length===0?"No active directories.":u([["DIRECTORY",s?"ACTIVE DOCUMENTS (ROOT FIRST, DEEPEST WINS)":"ACTIVE DOCUMENT"],...t.directories.map(n=>[o(n.dir),p(n,o)])])),e.push(t.documents.length===0?"No instruction documents found.":u([["DOCUMENT","LAYER","STATUS","BYTES","SHA-256","DETAIL"],...t.documents.map(n=>[o(n.path),n.layer,n.status,n.bytes===null?"-":String(n.bytes),n.sha256?.slice(0,12)??"-",l(n,o)])])),e.push(m(t,o)),`${e.join(`

`)}
`}function D(t){let e=r=>t.documents.filter(g=>g.status===r).length,s=`Instructions: ${e("active")} active, ${e("suppressed")} suppressed, ${e("rejected")} rejected${t.truncated?", truncated":""}`,n=a(["Directory",t.layering==="stack"?"Active documents (root first)":"Active document"],t.directories.map(r=>[c(r.dir),p(r,c,"none")])),i=a(["Document","Layer","Status","Detail","Bytes","SHA-256"],t.documents.map(r=>[c(r.path),r.layer,r.status,l(r,c),r.bytes===null?"":String(r.bytes),r.sha256?c(r.sha256.slice(0,12)):""]));return`<details><summary>${s}</summary>

${n}

${i}

${m(t,c)}

</details>
`}function l(t,e){return t.status==="rejected"?t.reason??"":t.status==="suppressed"?`${t.reason??""} by ${(t.by??[]).map(e).join(", ")}`:t.layer==="user"?"applies to every file":`governs ${t.governs.map(e).join(", ")}`}function p(t,e,s="-"){let n=t.layers??(t.active?[t.active]:[]);return n.length>0?n.map(e).join(", "):s}function m(t,e){if(!t.truncated)return"The rendered instructions fit the total budget.";let s=(t.cut??[]).map(e).join(", ");return s===""?"The rendered instructions were cut to fit the total budget.":t.layering==="stack"?`The rendered instructions were cut to fit the total budget: the deeper layers were kept, and these left out: ${s}.`:`The rendered instructions were cut to fit the total budget; not shown in full: ${s}.`}function u(t){let e=t[0]?.map((s,n)=>Math.max(...t.map(i=>(i[n]??"").length)))??[];return t.map(s=>s.map((n,i)=>n.padEnd(e[i]??0)).join("  ").trimEnd()).join(`
`)}function a(t,e){let s=e.slice(0,h);e.length>s.length&&s.push([`\u2026 ${e.length-s.length} more`,...t.slice(1).map(()=>"")]),s.length===0&&s.push(["none",...t.slice(1).map(()=>"")]);let n=i=>`| ${i.join(" | ")} |`;return[n(t),n(t.map(()=>"---")),...s.map(n)].join(`
`)}function c(t){return`<code>${o(t).replace(/[^A-Za-z0-9./ -]/gu,s=>`&#${s.codePointAt(0)??0};`)}</code>`}export{y as a,D as b};
