#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
import{a,b,c,d}from"./chunk-LSLFGJKY.js";import"./chunk-2EBLXDTH.js";import"./chunk-Y7SWK627.js";import"./chunk-4ADGFKRA.js";export{a as forgottenIds,d as formatEntry,c as loadMemory,b as selectMemory};
