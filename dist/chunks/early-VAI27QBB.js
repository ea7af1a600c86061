#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
import{a as n}from"./chunk-2FIX4JMO.js";import"./chunk-2KXB5DCR.js";import"./chunk-UTLQLIVA.js";import"./chunk-4ADGFKRA.js";function g(r){let e=r.trigger;if(e.kind!=="pull_request"||e.event==="pull_request"&&e.isFork)return;let t=n({runDir:r.runDir,checkout:r.checkout,remoteUrl:e.cloneUrl,token:r.settings.githubToken,head:e.headSha,base:e.baseSha,headRef:`refs/pull/${e.number}/head`,signal:r.signal});return t.catch(()=>{}),t}export{g as startEarlyWorkspace};
