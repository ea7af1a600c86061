#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
import{a as t}from"./chunk-RZISYDH7.js";import"./chunk-6MXZPRZP.js";import"./chunk-4ADGFKRA.js";var s=(e,o)=>Promise.resolve({conclusion:o.conclusion,stop:void 0,review:void 0,note:o.reason,stats:t(e.settings,e.started),journalName:e.journalName,notices:[`Rivumi ${o.conclusion}: ${o.reason}`],...o.fork?{fork:!0}:{},publications:[]});export{s as stopMode};
