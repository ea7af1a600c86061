#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
import{a,b,c}from"./chunk-5W2FLNFQ.js";import"./chunk-LQPVFR3H.js";import"./chunk-UY77AQJY.js";import"./chunk-P4PQTXGD.js";import"./chunk-6CPL2PRN.js";import"./chunk-44HCH3LZ.js";import"./chunk-JTZLTPFX.js";import"./chunk-4ADGFKRA.js";export{a as USAGE,b as repoAndDirs,c as run};
