#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
import{e as a,f as b,g as c,h as d,i as e,j as f}from"./chunk-3ODH7SEB.js";import"./chunk-647DZXEJ.js";import"./chunk-4ADGFKRA.js";export{c as forgottenIds,f as formatEntry,b as hasRow,e as loadMemory,a as parseStore,d as selectMemory};
