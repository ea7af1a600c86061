#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
import{c as a}from"./chunk-27NHCK3A.js";import"./chunk-T7ADP4CQ.js";import"./chunk-AICJ7EMH.js";import"./chunk-CLAPFLPK.js";import"./chunk-NYHJJLY3.js";import"./chunk-4ADGFKRA.js";export{a as buildPage};
