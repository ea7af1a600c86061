#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
import{c as a}from"./chunk-ID2SRTZT.js";import"./chunk-ZVPCNCUM.js";import"./chunk-WV466YPK.js";import"./chunk-AICJ7EMH.js";import"./chunk-LLYHVAIQ.js";import"./chunk-NYHJJLY3.js";import"./chunk-4ADGFKRA.js";export{a as buildPage};
