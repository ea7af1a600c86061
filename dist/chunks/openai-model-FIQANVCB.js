#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
import{a}from"./chunk-RPYMZKRV.js";import"./chunk-NYHJJLY3.js";import"./chunk-KOXFJ656.js";import"./chunk-4ADGFKRA.js";export{a as createOpenAIModel};
