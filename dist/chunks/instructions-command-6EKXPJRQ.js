#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
import{a,b,c,d}from"./chunk-MGN4AA4B.js";import"./chunk-4AOFDBEI.js";import"./chunk-QGCSUDFZ.js";import"./chunk-P4PQTXGD.js";import"./chunk-4FWTU5IX.js";import"./chunk-BULB3KEM.js";import"./chunk-K6IGD3GO.js";import"./chunk-JUT4NSUW.js";import"./chunk-6CPL2PRN.js";import"./chunk-A2IGKOQY.js";import"./chunk-4ADGFKRA.js";export{a as USAGE,b as WHERE_OPTIONS,c as repoAndDirs,d as run};
