#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
import{appendFileSync as n,mkdirSync as m}from"node:fs";import{dirname as u}from"node:path";var r=class{constructor(e,t){this.path=e;this.redactor=t;m(u(e),{recursive:!0}),n(e,"")}path;redactor;events=[];seq=0;emit(e){let t={...e,ts:new Date().toISOString()};this.events.push(t);let i=JSON.stringify({v:1,seq:this.seq++,...t});n(this.path,this.redactor.redact(i)+`
`)}},s=class{events=[];path=void 0;emit(e){this.events.push({...e,ts:new Date().toISOString()})}};export{r as a,s as b};
