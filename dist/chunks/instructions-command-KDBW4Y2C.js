#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
import{a,b,c,d}from"./chunk-43B4HJ2K.js";import"./chunk-XB7QAONQ.js";import"./chunk-S4W3NYZA.js";import"./chunk-P4PQTXGD.js";import"./chunk-T4PSMXMZ.js";import"./chunk-6CPL2PRN.js";import"./chunk-QVANHFCA.js";import"./chunk-4ADGFKRA.js";export{a as USAGE,b as WHERE_OPTIONS,c as repoAndDirs,d as run};
