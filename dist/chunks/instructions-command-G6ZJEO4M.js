#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
import{a,b,c,d}from"./chunk-XDKXDQDX.js";import"./chunk-ILFVPAUN.js";import"./chunk-6EGSM5LV.js";import"./chunk-P4PQTXGD.js";import"./chunk-4HGXKW6S.js";import"./chunk-FYACOUIP.js";import"./chunk-K6IGD3GO.js";import"./chunk-2KXB5DCR.js";import"./chunk-JUT4NSUW.js";import"./chunk-6CPL2PRN.js";import"./chunk-4HPSPKDN.js";import"./chunk-UTLQLIVA.js";import"./chunk-4ADGFKRA.js";export{a as USAGE,b as WHERE_OPTIONS,c as repoAndDirs,d as run};
