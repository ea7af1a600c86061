#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
function t(n,e){if(e)return(n.promptTokens*e.inputPerMTok+n.completionTokens*e.outputPerMTok)/1e6}function r(n,e){let o=Math.max(e.inputPerMTok,e.outputPerMTok);if(!(o<=0))return Math.floor(n/o*1e6)}export{t as a,r as b};
