#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
import{a,b,c,d,e}from"./chunk-HRNRIN5Y.js";import"./chunk-QHJH6YRM.js";import"./chunk-6YGEOP5A.js";import"./chunk-XWJ3CNRT.js";import"./chunk-SRYFIIK6.js";import"./chunk-BWHCFCAH.js";import"./chunk-4ADGFKRA.js";export{a as SANDBOX_OPTION,b as SANDBOX_USAGE,c as sandboxInputs,e as unconfinedExit,d as warnIfUnconfined};
