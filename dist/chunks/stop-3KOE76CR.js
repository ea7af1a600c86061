#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
import{a as n}from"./chunk-2RQ6YEXB.js";import"./chunk-BZLBDOWT.js";import"./chunk-4ADGFKRA.js";var i=(e,t)=>Promise.resolve({conclusion:t.conclusion,stop:void 0,note:t.reason,stats:n(e.settings,e.started),journalName:e.journalName,notices:[`Rivumi ${t.conclusion}: ${t.reason}`],attachments:[],publications:[],result:{kind:"stop",fork:t.fork===!0}});export{i as stopMode};
