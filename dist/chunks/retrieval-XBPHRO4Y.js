#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
import{a,b,c,d}from"./chunk-WJQTNX7K.js";import"./chunk-W7FEWYPN.js";import"./chunk-647DZXEJ.js";import"./chunk-4ADGFKRA.js";export{a as forgottenIds,d as formatEntry,c as loadMemory,b as selectMemory};
