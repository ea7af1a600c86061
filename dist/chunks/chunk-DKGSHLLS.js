#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
var e=class extends Error{constructor(d,r,o){super(r,o);this.code=d}code;name="MemoryStoreError"};export{e as a};
