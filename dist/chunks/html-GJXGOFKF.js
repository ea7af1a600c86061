#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
import{a,b,c}from"./chunk-ULU7LSWC.js";import"./chunk-4ADGFKRA.js";export{b as CSP,a as jsonForScript,c as renderPage};
