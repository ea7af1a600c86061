#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
import{a,b,c,d}from"./chunk-WLMN2RPO.js";import"./chunk-R55VCIVO.js";import"./chunk-JUT4NSUW.js";import"./chunk-FBZYK5WM.js";import"./chunk-P4PQTXGD.js";import"./chunk-6CPL2PRN.js";import"./chunk-77GUM3G7.js";import"./chunk-TPWODI5Z.js";import"./chunk-K6IGD3GO.js";import"./chunk-A2IGKOQY.js";import"./chunk-4ADGFKRA.js";export{a as USAGE,b as WHERE_OPTIONS,c as repoAndDirs,d as run};
