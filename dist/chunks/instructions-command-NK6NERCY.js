#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
import{a,b,c,d}from"./chunk-TAABSLOT.js";import"./chunk-NJHYW57Q.js";import"./chunk-CB446LVZ.js";import"./chunk-T4PSMXMZ.js";import"./chunk-5F7Y4K22.js";import"./chunk-6CPL2PRN.js";import"./chunk-GWQMUS7I.js";import"./chunk-KRK6SLPX.js";import"./chunk-V5B2Y33B.js";import"./chunk-4ADGFKRA.js";export{a as USAGE,b as WHERE_OPTIONS,c as repoAndDirs,d as run};
