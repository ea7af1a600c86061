#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
import{b as s}from"./chunk-2WKNFMVX.js";import"./chunk-YI3V3GNS.js";import"./chunk-4ADGFKRA.js";var n=(t,o)=>Promise.resolve({conclusion:o.conclusion,stop:void 0,note:o.reason,stats:s(t.settings,t.started),journalName:t.journalName,notices:[`Rivumi ${o.conclusion}: ${o.reason}`],attachments:[],publications:[],result:{kind:"stop",fork:o.fork===!0}});export{n as stopMode};
