#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
import{a,b}from"./chunk-GFVOD3GG.js";import"./chunk-YXQKUM2T.js";import"./chunk-GNFTEX7A.js";import"./chunk-7Y66IHVQ.js";import"./chunk-BGIHYUWS.js";import"./chunk-5F7Y4K22.js";import"./chunk-2QSSA2FW.js";import"./chunk-5H42CHG2.js";import"./chunk-6CPL2PRN.js";import"./chunk-QHJH6YRM.js";import"./chunk-6YGEOP5A.js";import"./chunk-SOSFJNIH.js";import"./chunk-BWHCFCAH.js";import"./chunk-4ADGFKRA.js";export{a as readCliEnv,b as startCliRun};
