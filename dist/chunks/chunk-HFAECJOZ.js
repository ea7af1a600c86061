#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
function e(r,t,n=`${t}s`){return`${r.toLocaleString("en-US")} ${r===1?t:n}`}export{e as a};
