#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
import{a as e}from"./chunk-6CPL2PRN.js";import{parseArgs as o}from"node:util";function a(s,t){try{return o(s)}catch(r){throw new e(`${r instanceof Error?r.message:String(r)}
${t}`)}}export{a};
