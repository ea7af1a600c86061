#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
import{a,b,c}from"./chunk-RTLFCBNP.js";import"./chunk-6EGSM5LV.js";import"./chunk-F2CPV7GS.js";import"./chunk-4F5LBT64.js";import"./chunk-P4PQTXGD.js";import"./chunk-6CPL2PRN.js";import"./chunk-YJZ7OJQI.js";import"./chunk-UTLQLIVA.js";import"./chunk-FYACOUIP.js";import"./chunk-WZNNH6NJ.js";import"./chunk-4HPSPKDN.js";import"./chunk-4ADGFKRA.js";export{a as USAGE,b as repoAndDirs,c as run};
