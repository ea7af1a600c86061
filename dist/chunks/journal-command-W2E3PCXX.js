#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
import{a as k,b as q,c as x}from"./chunk-ID2SRTZT.js";import{c as M}from"./chunk-ULU7LSWC.js";import{f as J}from"./chunk-LXB2HEOH.js";import"./chunk-ZVPCNCUM.js";import{a as T}from"./chunk-6LD7JCQJ.js";import"./chunk-GNFTEX7A.js";import{a as P}from"./chunk-GJNW2WVU.js";import{b as O,c as f,d as U}from"./chunk-BGIHYUWS.js";import{a as A,b as E,c as I,d as S}from"./chunk-6IRV2I7H.js";import{h as L}from"./chunk-WV466YPK.js";import"./chunk-5F7Y4K22.js";import{a as N}from"./chunk-2QSSA2FW.js";import{b as R}from"./chunk-5H42CHG2.js";import{a as s}from"./chunk-6CPL2PRN.js";import{b as $}from"./chunk-QHJH6YRM.js";import{a as p,b as d,c as h}from"./chunk-6YGEOP5A.js";import"./chunk-IP2Q5HDJ.js";import"./chunk-AICJ7EMH.js";import"./chunk-LLYHVAIQ.js";import"./chunk-NYHJJLY3.js";import"./chunk-XE2E62PV.js";import{a as v}from"./chunk-SOSFJNIH.js";import"./chunk-BWHCFCAH.js";import"./chunk-4ADGFKRA.js";import{accessSync as Q,constants as W,statSync as X,writeFileSync as Z}from"node:fs";import{basename as ee,dirname as te,join as re,resolve as C}from"node:path";var i=`usage: rivumi journal view JOURNAL [-o FILE] [--prices IN,OUT]
       rivumi journal stats JOURNAL [--json] [--prices IN,OUT]
       rivumi journal replay JOURNAL --base-url URL --model M [--reasoning-effort E]
                             [--limit N] [--json]

Reads the journal.jsonl of any run (review, task, memory command, RLM, triage; action or CLI).
view    writes one self-contained HTML page (default: JOURNAL with .html): the run, a searchable
        timeline, the RLM tree, the prompt sections, instructions, memory and findings. It loads
        nothing from the network; every journal value is shown as text, bounded.
stats   prints tokens, cost and time by phase, by tool and by model, the slowest requests, the
        retries and the errors.
replay  sends the run's recorded root requests (requests.jsonl beside the journal) to another
        endpoint and model, one by one, and reports tokens, time and whether each reply's tool
        calls or final answer differ. It runs no tool and writes nothing. Key: OPENAI_API_KEY.
        --reasoning-effort (minimal, low, medium or high) is sent as reasoning_effort.
--prices IN,OUT prices requests in USD per million input and output tokens, when the journal
        has no cost.`;async function Re(t){if(O(t,i))return 0;let[e,...n]=t;switch(e){case"view":return ne(n);case"stats":return oe(n);case"replay":return se(n);case void 0:throw new s(`a subcommand is required: view, stats or replay
${i}`);default:throw new s(`unknown subcommand '${e}'${R(e,["view","stats","replay"],"rivumi journal ")}; expected view, stats or replay
${i}`)}}var F={prices:{type:"string"}};async function ne(t){let{values:e,positionals:n}=f({args:t,allowPositionals:!0,options:{output:{type:"string",short:"o"},...F}},i,"rivumi journal view"),r=y(n),o=B(e.prices),a=await _(r),l=M(x(a,{prices:o,result:S(r),requests:await T(r),generator:`rivumi ${N}`}));if(e.output==="-")return d(l),0;let m=C(e.output??re(te(r),`${ee(r).replace(/\.jsonl?$/,"")}.html`));try{Z(m,l)}catch(c){throw new Error(`-o ${m}: ${v(c)}`)}for(let c of a.notes)h(`note: ${c.split(`
`)[0]}
`);return p(`${m} (${L(Buffer.byteLength(l))}, ${P(a.events.length,"event")})
`),0}async function oe(t){let{values:e,positionals:n}=f({args:t,allowPositionals:!0,options:{json:{type:"boolean",default:!1},...F}},i,"rivumi journal stats"),r=y(n),o=await _(r),a=k(o,B(e.prices)),l=e.json?JSON.stringify({journal:r,version:I(o)??null,notes:o.notes,...a},K):q(o,a);return(e.json?d:p)(`${l}
`),0}async function se(t){let{values:e,positionals:n}=f({args:t,allowPositionals:!0,options:{"base-url":{type:"string"},model:{type:"string"},"reasoning-effort":{type:"string"},limit:{type:"string"},json:{type:"boolean",default:!1}}},i,"rivumi journal replay"),r=y(n),o=e["base-url"];if(!o)throw new s(`--base-url URL is required for replay
${i}`);if(!/^https?:\/\//i.test(o))throw new s(`--base-url ${o}: expected an http(s) URL such as https://api.openai.com/v1`);if(!e.model)throw new s(`--model M is required for replay
${i}`);let a=e.limit===void 0?void 0:U("limit",e.limit,1),l=J(e["reasoning-effort"]),{createOpenAIModel:m}=await import("./openai-model-ATLH6UUP.js"),{ModelNegotiation:c}=await import("./negotiation-P5URM75P.js"),{readCliEnv:D}=await import("./cli-run-752ROJSC.js"),{Redactor:H}=await import("./redactor-UGQ7RYPA.js"),g=D(),b=new H;b.add(g.apiKey);let{formatReplay:G,NoRecordedRequests:V,replayJournal:Y}=await import("./journal-replay-T3ZG7EZF.js"),j=new AbortController,z=$(()=>j.abort(new Error("cancelled")));try{let u=await Y({journalPath:r,model:m({baseUrl:o,apiKey:g.apiKey,model:e.model,redact:w=>b.redact(w),negotiation:new c({reasoningEffort:l})}),baseUrl:o,limit:a,signal:j.signal});return e.json?d(`${JSON.stringify(u,K)}
`):p(`${G(u)}
`),u.items.some(w=>"error"in w.replayed)?1:0}catch(u){if(!(u instanceof V))throw u;return h(`rivumi: ${u.message}
`),1}finally{z()}}var K=(t,e)=>e===void 0?null:e;async function _(t){try{return await E(t)}catch(e){throw e instanceof A?new s(`JOURNAL ${e.message}`):e}}function y(t){let[e,...n]=t;if(!e)throw new s(`JOURNAL is required: the path of a journal.jsonl
${i}`);if(n.length>0)throw new s(`unexpected argument '${n[0]}': give one JOURNAL`);let r=C(e);try{if(Q(r,W.R_OK),!X(r).isFile())throw new Error("not a file")}catch{throw new s(`JOURNAL ${e}: not a readable file`)}return r}function B(t){if(t===void 0)return;let e=/^\s*(\d+(?:\.\d+)?)\s*,\s*(\d+(?:\.\d+)?)\s*$/.exec(t);if(!e)throw new s(`--prices ${t}: expected IN,OUT in USD per million tokens, such as 0.4,1.6`);return{inputPerMTok:Number(e[1]),outputPerMTok:Number(e[2])}}export{i as USAGE,Re as run};
