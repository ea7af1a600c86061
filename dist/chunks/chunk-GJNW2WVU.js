#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
import{a as u}from"./chunk-LLYHVAIQ.js";function o(r,t,i=`${t}s`){return`${u(r)} ${r===1?t:i}`}export{o as a};
