#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
import{a}from"./chunk-R4ZF7J6H.js";import"./chunk-BUWQ36G2.js";import"./chunk-IP2Q5HDJ.js";import"./chunk-MNFWFTSY.js";import"./chunk-KOXFJ656.js";import"./chunk-NYHJJLY3.js";import"./chunk-5HVHLI2Y.js";import"./chunk-XE2E62PV.js";import"./chunk-LF4VZWA6.js";import"./chunk-YI3V3GNS.js";import"./chunk-4ADGFKRA.js";export{a as createOpenAIModel};
