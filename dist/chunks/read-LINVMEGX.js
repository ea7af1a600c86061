#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
import{a,b,c,d}from"./chunk-6IRV2I7H.js";import"./chunk-WV466YPK.js";import"./chunk-5F7Y4K22.js";import"./chunk-LLYHVAIQ.js";import"./chunk-NYHJJLY3.js";import"./chunk-4ADGFKRA.js";export{a as NotAJournal,b as readJournal,d as readResultBeside,c as versionOf};
