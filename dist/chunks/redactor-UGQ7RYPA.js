#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
import{a}from"./chunk-7Y66IHVQ.js";import"./chunk-4ADGFKRA.js";export{a as Redactor};
