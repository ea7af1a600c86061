#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
import{a as D}from"./chunk-KOCC6HHI.js";import{c as U}from"./chunk-2GSPQSB6.js";import{a as O,c as P}from"./chunk-S4F4RKHZ.js";import{a as n}from"./chunk-6CPL2PRN.js";import{d as v}from"./chunk-WADJMELL.js";import{a as w,b as h,g as S,i as E,j as g,k as $,n as T,p as b}from"./chunk-XLGRKAMM.js";import"./chunk-647DZXEJ.js";import"./chunk-4ADGFKRA.js";import{homedir as C,userInfo as H}from"node:os";import{basename as J,isAbsolute as G,join as A}from"node:path";var m=`usage: rivumi memory add --type TYPE --text TEXT [--user U] [--project P] [--store FILE]
       rivumi memory list [--user U] [--project P] [--store FILE] [--json]
       rivumi memory forget ID [--store FILE]

Explicit memory in a local JSONL file (the action keeps the same rows on a branch).
TYPE: ${w.join(", ")} (short: pref, fact, project-pref).
list prints what would be given to the model: your preferences plus the project's facts and
preferences, the latest 20, oldest first; --json prints {"entries":[...],"skipped":N}.
Defaults: --store $RIVUMI_MEMORY_FILE, else $XDG_DATA_HOME/rivumi/memory.jsonl
(~/.local/share/rivumi/memory.jsonl); --user $USER; --project the origin remote's owner/repo,
else the repository folder name.`,k=20;async function se(t){return z(t,{env:process.env,cwd:process.cwd(),stdout:e=>process.stdout.write(e)})}async function z(t,e){let[r,...i]=t;if(r==="help"||O(t))return e.stdout(`${m}
`),0;if(r===void 0)return process.stderr.write(`rivumi: a subcommand is required: add, list or forget
`),2;let f={add:["type","text","user","project","store"],list:["user","project","store","json"],forget:["store"]}[r];if(!f){let o=["delete","remove","rm"].includes(r)?" (to remove an entry: forget ID)":"";throw new n(`unknown memory command '${r}'; use add, list or forget${o}`)}let{values:s,positionals:L}=P({args:i,options:{type:{type:"string"},text:{type:"string"},user:{type:"string"},project:{type:"string"},store:{type:"string"},json:{type:"boolean",default:!1}},allowPositionals:r==="forget"},m),M=Object.keys(s).filter(o=>!f.includes(o)&&o!=="json");if(M.length>0||r!=="list"&&s.json)throw new n(`'memory ${r}' does not take --${[...M,"json"][0]}
${m}`);let Y=U(s.store!==void 0?"--store":"the store ($RIVUMI_MEMORY_FILE or the default)",s.store??V(e.env),{create:r!=="list"}),c=D(Y),I=()=>(e.now??(()=>new Date))().toISOString();if(r==="add"){let o=S(s.type??"");if(!o)throw new n(`--type must be one of ${w.join(", ")}
${m}`);let d=(s.text??"").trim();if(d==="")throw new n(`--text must not be empty
${m}`);if([...d].length>h)throw new n(`--text is longer than ${h} characters`);let a={v:1,id:E(),type:o,text:d,user:s.user??j(e.env),project:s.project??await F(e.cwd),created_at:I()};return await c.append(a),e.stdout(`${g(a)}
`),0}if(r==="list"){let o=s.user??j(e.env),d=s.project??await F(e.cwd),a=$(await c.read()),y=T(a.rows,{user:o,project:d,limit:k});if(s.json){let l=y.map(X=>JSON.parse(g(X)));return e.stdout(`${JSON.stringify({entries:l,skipped:a.skipped})}
`),0}for(let l of y)e.stdout(`${l.id}  ${b(l)}
`);return e.stdout(`${y.length} entries for ${o} in ${d} (latest ${k}); ${a.rows.length} rows read, ${a.skipped} skipped; store ${c.source}
`),0}let[p,...N]=L;if(!p||N.length>0)throw new n(`'memory forget' takes one ID
${m}`);let{rows:_}=$(await c.read()),x=_.find(o=>o.id===p);if(!x||x.type==="forget")throw new n(`no memory entry ${p} in ${c.source}`);if(_.some(o=>o.type==="forget"&&o.target===p))return e.stdout(`${p} was already forgotten
`),0;let R={v:1,id:E(),type:"forget",target:p,user:j(e.env),created_at:I()};return await c.append(R),e.stdout(`${g(R)}
`),0}function V(t){if(t.RIVUMI_MEMORY_FILE)return t.RIVUMI_MEMORY_FILE;let e=t.XDG_DATA_HOME&&G(t.XDG_DATA_HOME)?t.XDG_DATA_HOME:A(t.HOME||C(),".local","share");return A(e,"rivumi","memory.jsonl")}function j(t){let e=t.USER||H().username;if(!e)throw new n("cannot tell who you are: set $USER or pass --user");return e}function q(t){let e=t.trim(),r;if(/^[a-z][a-z0-9+.-]*:\/\//i.test(e)){if(/^file:/i.test(e))return;try{r=new URL(e).pathname}catch{return}}else/^[^/\s:]+:(?!\/\/)/.test(e)&&!/^[A-Za-z]:[\\/]/.test(e)&&(r=e.slice(e.indexOf(":")+1));let i=(r??"").replace(/\.git\/?$|\/+$/g,"").split("/").filter(Boolean).map(u=>decodeURIComponent(u));return i.length>=2?i.join("/"):void 0}async function F(t){let e=(...f)=>v("git",f,{cwd:t,reject:!1}),r=await e("remote","get-url","origin"),i=r.exitCode===0?q(String(r.stdout)):void 0;if(i)return i;let u=await e("rev-parse","--show-toplevel");return J(u.exitCode===0?String(u.stdout).trim():t)}export{m as USAGE,F as defaultProject,V as defaultStorePath,q as projectFromRemote,se as run,z as runMemory};
