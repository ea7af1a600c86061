#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
import{e as Y}from"./chunk-2ZY45A6D.js";import{a as j}from"./chunk-HFAECJOZ.js";import{a as P,c as D}from"./chunk-HBMZWPJY.js";import{a as S,b as O,c as b,d as s,f as T}from"./chunk-6QSKGHOY.js";import"./chunk-BWHCFCAH.js";import{a as F}from"./chunk-XNROAIBK.js";import{a as w,b as h,g as U,i as $,j as y,k as E,n as A,p as k}from"./chunk-VYDRSRGI.js";import"./chunk-DKGSHLLS.js";import"./chunk-647DZXEJ.js";import"./chunk-SOSFJNIH.js";import{d as L}from"./chunk-WADJMELL.js";import"./chunk-4ADGFKRA.js";import{homedir as V,userInfo as q}from"node:os";import{basename as B,isAbsolute as W,join as N}from"node:path";var d=`usage: rivumi memory add --type TYPE --text TEXT [--user U] [--project P] [--store FILE]
       rivumi memory list [--user U] [--project P] [--store FILE] [--json]
       rivumi memory forget ID [--store FILE]

Explicit memory in a local JSONL file (the action keeps the same rows on a branch).
TYPE: ${w.join(", ")} (short: pref, fact, project-pref).
list prints what would be given to the model: your preferences plus the project's facts and
preferences, the latest 20, oldest first; --json prints {"entries":[...],"skipped":N}.
Defaults: --store $RIVUMI_MEMORY_FILE, else $XDG_DATA_HOME/rivumi/memory.jsonl
(~/.local/share/rivumi/memory.jsonl); --user $USER; --project the origin remote's owner/repo,
else the repository folder name.`,J=20;async function fe(r){return Z(r,{env:process.env,cwd:process.cwd(),stdout:e=>(e.startsWith("{")?O:S)(e)})}async function Z(r,e){let[t,...a]=r;if(t==="help"||P(r))return e.stdout(`${d}
`),0;if(t===void 0)return b(`rivumi: a subcommand is required: add, list or forget
`),2;let m={add:["type","text","user","project","store"],list:["user","project","store","json"],forget:["store"]},f=m[t];if(!f){let o=["delete","remove","rm"].includes(t)?" (to remove an entry: forget ID)":"",i=o?"":T(t,Object.keys(m),"rivumi memory ");throw new s(`unknown memory command '${t}'${i}; use add, list or forget${o}`)}let{values:n,positionals:C}=D({args:a,options:{type:{type:"string"},text:{type:"string"},user:{type:"string"},project:{type:"string"},store:{type:"string"},json:{type:"boolean",default:!1}},allowPositionals:t==="forget"},d,`rivumi memory ${t}`),I=Object.keys(n).filter(o=>!f.includes(o)&&o!=="json");if(I.length>0||t!=="list"&&n.json)throw new s(`'memory ${t}' does not take --${[...I,"json"][0]}
${d}`);let H=Y(n.store!==void 0?"--store":"the store ($RIVUMI_MEMORY_FILE or the default)",n.store??K(e.env),{create:t!=="list"}),c=F(H),v=()=>(e.now??(()=>new Date))().toISOString();if(t==="add"){let o=U(n.type??"");if(!o)throw new s(`--type must be one of ${w.join(", ")}
${d}`);let i=(n.text??"").trim();if(i==="")throw new s(`--text must not be empty
${d}`);if([...i].length>h)throw new s(`--text is longer than ${h} characters`);let p={v:1,id:$(),type:o,text:i,user:n.user??M(e.env),project:n.project??await X(e.cwd),created_at:v()};return await c.append(p),e.stdout(`${y(p)}
`),0}if(t==="list"){let o=n.user??M(e.env),i=n.project??await X(e.cwd),p=E(await c.read()),g=A(p.rows,{user:o,project:i,limit:J});if(n.json){let l=g.map(z=>JSON.parse(y(z)));return e.stdout(`${JSON.stringify({entries:l,skipped:p.skipped})}
`),0}for(let l of g)e.stdout(`${l.id}  ${k(l)}
`);return e.stdout(`${j(g.length,"entry","entries")} for ${o} in ${i} (latest ${J}); ${j(p.rows.length,"row")} read, ${p.skipped} skipped; store ${c.source}
`),0}let[u,...G]=C;if(!u||G.length>0)throw new s(`'memory forget' takes one ID
${d}`);let{rows:_}=E(await c.read()),R=_.find(o=>o.id===u);if(!R||R.type==="forget")throw new s(`no memory entry ${u} in ${c.source}`);if(_.some(o=>o.type==="forget"&&o.target===u))return e.stdout(`${u} was already forgotten
`),0;let x={v:1,id:$(),type:"forget",target:u,user:M(e.env),created_at:v()};return await c.append(x),e.stdout(`${y(x)}
`),0}function K(r){if(r.RIVUMI_MEMORY_FILE)return r.RIVUMI_MEMORY_FILE;let e=r.XDG_DATA_HOME&&W(r.XDG_DATA_HOME)?r.XDG_DATA_HOME:N(r.HOME||V(),".local","share");return N(e,"rivumi","memory.jsonl")}function M(r){let e=r.USER||q().username;if(!e)throw new s("cannot tell who you are: set $USER or pass --user");return e}function Q(r){let e=r.trim(),t;if(/^[a-z][a-z0-9+.-]*:\/\//i.test(e)){if(/^file:/i.test(e))return;try{t=new URL(e).pathname}catch{return}}else/^[^/\s:]+:(?!\/\/)/.test(e)&&!/^[A-Za-z]:[\\/]/.test(e)&&(t=e.slice(e.indexOf(":")+1));let a=(t??"").replace(/\.git\/?$|\/+$/g,"").split("/").filter(Boolean).map(m=>decodeURIComponent(m));return a.length>=2?a.join("/"):void 0}async function X(r){let e=(...f)=>L("git",f,{cwd:r,reject:!1}),t=await e("remote","get-url","origin"),a=t.exitCode===0?Q(String(t.stdout)):void 0;if(a)return a;let m=await e("rev-parse","--show-toplevel");return B(m.exitCode===0?String(m.stdout).trim():r)}export{d as USAGE,X as defaultProject,K as defaultStorePath,Q as projectFromRemote,fe as run,Z as runMemory};
