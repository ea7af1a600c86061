#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
import{b as a,c as b,d as c}from"./chunk-Y23N6G7F.js";import"./chunk-FEUMCIGG.js";import"./chunk-HGVOPSO6.js";import"./chunk-4ADGFKRA.js";export{b as contextForRun,c as shouldSendCacheKey,a as userLayerFromSettings};
