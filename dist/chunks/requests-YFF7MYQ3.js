#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
import{a as b,b as c}from"./chunk-6LD7JCQJ.js";import{a}from"./chunk-GNFTEX7A.js";import"./chunk-WV466YPK.js";import"./chunk-LLYHVAIQ.js";import"./chunk-NYHJJLY3.js";import"./chunk-4ADGFKRA.js";export{a as REQUESTS_FORMAT_VERSION,c as readRequests,b as readRequestsBeside};
