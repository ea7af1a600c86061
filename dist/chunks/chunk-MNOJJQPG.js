#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
import{appendFileSync as r,mkdirSync as m}from"node:fs";import{dirname as u}from"node:path";var n=class{constructor(e,t){this.path=e;this.redactor=t;m(u(e),{recursive:!0}),r(e,"")}path;redactor;events=[];seq=0;emit(e){let t={...e,ts:new Date().toISOString()};this.events.push(t);let i=JSON.stringify({v:1,seq:this.seq++,...t});r(this.path,this.redactor.redact(i)+`
`)}},s=class{events=[];path=void 0;emit(e){this.events.push({...e,ts:new Date().toISOString()})}};export{n as a,s as b};
