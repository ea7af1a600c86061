#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
import{a,b,c,d}from"./chunk-F4JFDRH5.js";import"./chunk-4OBRPEHT.js";import"./chunk-JUT4NSUW.js";import"./chunk-PMNPCVF7.js";import"./chunk-P4PQTXGD.js";import"./chunk-6CPL2PRN.js";import"./chunk-RY3VNGC3.js";import"./chunk-7PMU4ZNL.js";import"./chunk-K6IGD3GO.js";import"./chunk-A2IGKOQY.js";import"./chunk-4ADGFKRA.js";export{a as USAGE,b as WHERE_OPTIONS,c as repoAndDirs,d as run};
