#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
import{appendFileSync as n,mkdirSync as d}from"node:fs";import{dirname as l}from"node:path";var r=class{constructor(t,e){this.path=t;this.redactor=e;d(l(t),{recursive:!0}),n(t,"")}path;redactor;events=[];seq=0;emit(t){let e={...t,ts:new Date().toISOString()};this.events.push(e);let i=JSON.stringify({v:1,seq:this.seq++,...e});n(this.path,this.redactor.redact(i)+`
`)}},o=class{events=[];path=void 0;emit(t){this.events.push({...t,ts:new Date().toISOString()})}};export{r as a,o as b};
