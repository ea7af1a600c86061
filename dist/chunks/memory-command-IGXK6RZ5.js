#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
import{a as k}from"./chunk-XNROAIBK.js";import{c as F}from"./chunk-GPFCGXAL.js";import{a as U,c as A}from"./chunk-WYIULRVX.js";import{a as x,b as S,c as O}from"./chunk-6YGEOP5A.js";import{a as s}from"./chunk-6CPL2PRN.js";import{d as T}from"./chunk-WADJMELL.js";import{a as w,b as h,g as b,i as E,j as g,k as $,n as P,p as D}from"./chunk-VYDRSRGI.js";import"./chunk-BWHCFCAH.js";import"./chunk-DKGSHLLS.js";import"./chunk-647DZXEJ.js";import"./chunk-SOSFJNIH.js";import"./chunk-4ADGFKRA.js";import{homedir as G,userInfo as z}from"node:os";import{basename as V,isAbsolute as q,join as L}from"node:path";var d=`usage: rivumi memory add --type TYPE --text TEXT [--user U] [--project P] [--store FILE]
       rivumi memory list [--user U] [--project P] [--store FILE] [--json]
       rivumi memory forget ID [--store FILE]

Explicit memory in a local JSONL file (the action keeps the same rows on a branch).
TYPE: ${w.join(", ")} (short: pref, fact, project-pref).
list prints what would be given to the model: your preferences plus the project's facts and
preferences, the latest 20, oldest first; --json prints {"entries":[...],"skipped":N}.
Defaults: --store $RIVUMI_MEMORY_FILE, else $XDG_DATA_HOME/rivumi/memory.jsonl
(~/.local/share/rivumi/memory.jsonl); --user $USER; --project the origin remote's owner/repo,
else the repository folder name.`,Y=20;async function pe(t){return B(t,{env:process.env,cwd:process.cwd(),stdout:e=>(e.startsWith("{")?S:x)(e)})}async function B(t,e){let[r,...i]=t;if(r==="help"||U(t))return e.stdout(`${d}
`),0;if(r===void 0)return O(`rivumi: a subcommand is required: add, list or forget
`),2;let f={add:["type","text","user","project","store"],list:["user","project","store","json"],forget:["store"]}[r];if(!f){let o=["delete","remove","rm"].includes(r)?" (to remove an entry: forget ID)":"";throw new s(`unknown memory command '${r}'; use add, list or forget${o}`)}let{values:n,positionals:J}=A({args:i,options:{type:{type:"string"},text:{type:"string"},user:{type:"string"},project:{type:"string"},store:{type:"string"},json:{type:"boolean",default:!1}},allowPositionals:r==="forget"},d),M=Object.keys(n).filter(o=>!f.includes(o)&&o!=="json");if(M.length>0||r!=="list"&&n.json)throw new s(`'memory ${r}' does not take --${[...M,"json"][0]}
${d}`);let X=F(n.store!==void 0?"--store":"the store ($RIVUMI_MEMORY_FILE or the default)",n.store??W(e.env),{create:r!=="list"}),m=k(X),I=()=>(e.now??(()=>new Date))().toISOString();if(r==="add"){let o=b(n.type??"");if(!o)throw new s(`--type must be one of ${w.join(", ")}
${d}`);let c=(n.text??"").trim();if(c==="")throw new s(`--text must not be empty
${d}`);if([...c].length>h)throw new s(`--text is longer than ${h} characters`);let a={v:1,id:E(),type:o,text:c,user:n.user??j(e.env),project:n.project??await N(e.cwd),created_at:I()};return await m.append(a),e.stdout(`${g(a)}
`),0}if(r==="list"){let o=n.user??j(e.env),c=n.project??await N(e.cwd),a=$(await m.read()),y=P(a.rows,{user:o,project:c,limit:Y});if(n.json){let l=y.map(H=>JSON.parse(g(H)));return e.stdout(`${JSON.stringify({entries:l,skipped:a.skipped})}
`),0}for(let l of y)e.stdout(`${l.id}  ${D(l)}
`);return e.stdout(`${y.length} entries for ${o} in ${c} (latest ${Y}); ${a.rows.length} rows read, ${a.skipped} skipped; store ${m.source}
`),0}let[p,...C]=J;if(!p||C.length>0)throw new s(`'memory forget' takes one ID
${d}`);let{rows:_}=$(await m.read()),R=_.find(o=>o.id===p);if(!R||R.type==="forget")throw new s(`no memory entry ${p} in ${m.source}`);if(_.some(o=>o.type==="forget"&&o.target===p))return e.stdout(`${p} was already forgotten
`),0;let v={v:1,id:E(),type:"forget",target:p,user:j(e.env),created_at:I()};return await m.append(v),e.stdout(`${g(v)}
`),0}function W(t){if(t.RIVUMI_MEMORY_FILE)return t.RIVUMI_MEMORY_FILE;let e=t.XDG_DATA_HOME&&q(t.XDG_DATA_HOME)?t.XDG_DATA_HOME:L(t.HOME||G(),".local","share");return L(e,"rivumi","memory.jsonl")}function j(t){let e=t.USER||z().username;if(!e)throw new s("cannot tell who you are: set $USER or pass --user");return e}function Z(t){let e=t.trim(),r;if(/^[a-z][a-z0-9+.-]*:\/\//i.test(e)){if(/^file:/i.test(e))return;try{r=new URL(e).pathname}catch{return}}else/^[^/\s:]+:(?!\/\/)/.test(e)&&!/^[A-Za-z]:[\\/]/.test(e)&&(r=e.slice(e.indexOf(":")+1));let i=(r??"").replace(/\.git\/?$|\/+$/g,"").split("/").filter(Boolean).map(u=>decodeURIComponent(u));return i.length>=2?i.join("/"):void 0}async function N(t){let e=(...f)=>T("git",f,{cwd:t,reject:!1}),r=await e("remote","get-url","origin"),i=r.exitCode===0?Z(String(r.stdout)):void 0;if(i)return i;let u=await e("rev-parse","--show-toplevel");return V(u.exitCode===0?String(u.stdout).trim():t)}export{d as USAGE,N as defaultProject,W as defaultStorePath,Z as projectFromRemote,pe as run,B as runMemory};
