#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
import{a,b,c,d}from"./chunk-W563PL56.js";import"./chunk-7WACF7NL.js";import"./chunk-JUT4NSUW.js";import"./chunk-VHI5T3NG.js";import"./chunk-P4PQTXGD.js";import"./chunk-6CPL2PRN.js";import"./chunk-I4JFGUDF.js";import"./chunk-UTXDI6B5.js";import"./chunk-K6IGD3GO.js";import"./chunk-A2IGKOQY.js";import"./chunk-4ADGFKRA.js";export{a as USAGE,b as WHERE_OPTIONS,c as repoAndDirs,d as run};
