#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
import{a,b,c,d}from"./chunk-NGHWU4ML.js";import"./chunk-FS23TOCY.js";import"./chunk-MNOJJQPG.js";import"./chunk-RXBUSXNE.js";import"./chunk-OS2PVEG4.js";import"./chunk-V5B2Y33B.js";import"./chunk-T4PSMXMZ.js";import"./chunk-6CPL2PRN.js";import"./chunk-4ADGFKRA.js";export{a as USAGE,b as WHERE_OPTIONS,c as repoAndDirs,d as run};
