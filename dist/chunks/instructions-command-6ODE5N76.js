#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
import{a,b,c,d}from"./chunk-5QZ2L43S.js";import"./chunk-HWRY6NH7.js";import"./chunk-JJNGPM57.js";import"./chunk-6IKM6DCP.js";import"./chunk-2GSPQSB6.js";import"./chunk-S4F4RKHZ.js";import"./chunk-6CPL2PRN.js";import"./chunk-R3AG5DCR.js";import"./chunk-FFFOD3CY.js";import"./chunk-V5B2Y33B.js";import"./chunk-4ADGFKRA.js";export{a as USAGE,b as WHERE_OPTIONS,c as repoAndDirs,d as run};
