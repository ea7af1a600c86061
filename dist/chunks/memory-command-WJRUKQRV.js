#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
import{a as P}from"./chunk-KOCC6HHI.js";import{b}from"./chunk-T4PSMXMZ.js";import{a as i}from"./chunk-6CPL2PRN.js";import{d as S}from"./chunk-WADJMELL.js";import{a as g,b as w,g as v,i as h,j as f,k as E,n as T,p as O}from"./chunk-XLGRKAMM.js";import"./chunk-647DZXEJ.js";import"./chunk-4ADGFKRA.js";import{homedir as F,userInfo as N}from"node:os";import{basename as Y,isAbsolute as X,join as D}from"node:path";var p=`usage: rivumi memory add --type TYPE --text TEXT [--user U] [--project P] [--store FILE]
       rivumi memory list [--user U] [--project P] [--store FILE] [--json]
       rivumi memory forget ID [--store FILE]

Explicit memory in a local JSONL file (the action keeps the same rows on a branch).
TYPE: ${g.join(", ")} (short: pref, fact, project-pref).
list prints what would be given to the model: your preferences plus the project's facts and
preferences, the latest 20, oldest first; --json prints {"entries":[...],"skipped":N}.
Defaults: --store $RIVUMI_MEMORY_FILE, else $XDG_DATA_HOME/rivumi/memory.jsonl
(~/.local/share/rivumi/memory.jsonl); --user $USER; --project the origin remote's owner/repo,
else the repository folder name.`,U=20;async function ee(r){return C(r,{env:process.env,cwd:process.cwd(),stdout:e=>process.stdout.write(e)})}async function C(r,e){let[t,...s]=r;if(t===void 0||t==="--help"||t==="help"||s.includes("--help"))return e.stdout(`${p}
`),t===void 0?2:0;let{values:o,positionals:l}=b({args:s,options:{type:{type:"string"},text:{type:"string"},user:{type:"string"},project:{type:"string"},store:{type:"string"},json:{type:"boolean",default:!1}},allowPositionals:t==="forget"},p),j={add:["type","text","user","project","store"],list:["user","project","store","json"],forget:["store"]}[t];if(!j)throw new i(`unknown memory command '${t}'; use add, list or forget
${p}`);let M=Object.keys(o).filter(n=>!j.includes(n)&&n!=="json");if(M.length>0||t!=="list"&&o.json)throw new i(`'memory ${t}' does not take --${[...M,"json"][0]}
${p}`);let c=P(o.store??J(e.env)),I=()=>(e.now??(()=>new Date))().toISOString();if(t==="add"){let n=v(o.type??"");if(!n)throw new i(`--type must be one of ${g.join(", ")}
${p}`);let m=(o.text??"").trim();if(m==="")throw new i(`--text must not be empty
${p}`);if([...m].length>w)throw new i(`--text is longer than ${w} characters`);let a={v:1,id:h(),type:n,text:m,user:o.user??$(e.env),project:o.project??await A(e.cwd),created_at:I()};return await c.append(a),e.stdout(`${f(a)}
`),0}if(t==="list"){let n=o.user??$(e.env),m=o.project??await A(e.cwd),a=E(await c.read()),y=T(a.rows,{user:n,project:m,limit:U});if(o.json){let u=y.map(L=>JSON.parse(f(L)));return e.stdout(`${JSON.stringify({entries:u,skipped:a.skipped})}
`),0}for(let u of y)e.stdout(`${u.id}  ${O(u)}
`);return e.stdout(`${y.length} entries for ${n} in ${m} (latest ${U}); ${a.rows.length} rows read, ${a.skipped} skipped; store ${c.source}
`),0}let[d,...k]=l;if(!d||k.length>0)throw new i(`'memory forget' takes one ID
${p}`);let{rows:x}=E(await c.read()),_=x.find(n=>n.id===d);if(!_||_.type==="forget")throw new Error(`no memory entry ${d} in ${c.source}`);if(x.some(n=>n.type==="forget"&&n.target===d))return e.stdout(`${d} was already forgotten
`),0;let R={v:1,id:h(),type:"forget",target:d,user:$(e.env),created_at:I()};return await c.append(R),e.stdout(`${f(R)}
`),0}function J(r){if(r.RIVUMI_MEMORY_FILE)return r.RIVUMI_MEMORY_FILE;let e=r.XDG_DATA_HOME&&X(r.XDG_DATA_HOME)?r.XDG_DATA_HOME:D(r.HOME||F(),".local","share");return D(e,"rivumi","memory.jsonl")}function $(r){let e=r.USER||N().username;if(!e)throw new i("cannot tell who you are: set $USER or pass --user");return e}function G(r){let e=r.trim(),t;if(/^[a-z][a-z0-9+.-]*:\/\//i.test(e)){if(/^file:/i.test(e))return;try{t=new URL(e).pathname}catch{return}}else/^[^/\s:]+:(?!\/\/)/.test(e)&&!/^[A-Za-z]:[\\/]/.test(e)&&(t=e.slice(e.indexOf(":")+1));let s=(t??"").replace(/\.git\/?$|\/+$/g,"").split("/").filter(Boolean).map(o=>decodeURIComponent(o));return s.length>=2?s.join("/"):void 0}async function A(r){let e=(...l)=>S("git",l,{cwd:r,reject:!1}),t=await e("remote","get-url","origin"),s=t.exitCode===0?G(String(t.stdout)):void 0;if(s)return s;let o=await e("rev-parse","--show-toplevel");return Y(o.exitCode===0?String(o.stdout).trim():r)}export{p as USAGE,A as defaultProject,J as defaultStorePath,G as projectFromRemote,ee as run,C as runMemory};
