#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
import{b as m,c as p,d as a,e as f,h as r,i as e,j as t,k as i}from"./chunk-7E6APCKO.js";import{c as d}from"./chunk-4ADGFKRA.js";var n={};d(n,{ZodISODate:()=>e,ZodISODateTime:()=>r,ZodISODuration:()=>i,ZodISOTime:()=>t,date:()=>x,datetime:()=>u,duration:()=>S,time:()=>s});function u(o){return m(r,o)}function x(o){return p(e,o)}function s(o){return a(t,o)}function S(o){return f(i,o)}export{n as a};
