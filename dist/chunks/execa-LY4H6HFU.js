#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
import{a,b,c,d,e,f,g,h,i,j,k,l,m}from"./chunk-WADJMELL.js";import"./chunk-4ADGFKRA.js";export{i as $,a as ExecaError,b as ExecaSyncError,d as execa,f as execaCommand,g as execaCommandSync,h as execaNode,e as execaSync,m as getCancelSignal,l as getEachMessage,k as getOneMessage,c as parseCommandString,j as sendMessage};
