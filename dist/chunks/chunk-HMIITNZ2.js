#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
var o=Object.freeze({entries:[],source:void 0});function l(e,t){return e===t||e.startsWith(`${t}/`)}function u(e,t){let r=e.entries.filter(i=>i.dir===void 0||t.some(n=>l(n,i.dir))),s=e.limit;return{entries:s===void 0?r:s>0?r.slice(-s):[],source:e.source}}var d=Object.freeze({instructions:{text:"",sources:[]},skills:[],memory:o,edits:!1});export{o as a,u as b};
