#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
import{a,b,c,d}from"./chunk-U3CUMJMR.js";import"./chunk-VCV6HCPY.js";import"./chunk-N5J6XM74.js";import"./chunk-SRYFIIK6.js";import"./chunk-4ADGFKRA.js";export{a as forgottenIds,d as formatEntry,c as loadMemory,b as selectMemory};
