#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
function s(e,r){let[t=e.owner,o=e.repo]=r.memory.repository?.split("/")??[];return{owner:t,repo:o}}var n=class extends Error{constructor(t,o,p){super(o,p);this.code=t}code;name="MemoryStoreError"};export{s as a,n as b};
