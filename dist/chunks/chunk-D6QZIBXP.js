#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
function s(e){let{plan:n}=e,t=n?.kind==="review"||n?.kind==="task"?n.pr:void 0;return{conclusion:"failure",stop:void 0,note:`Rivumi failed in the ${e.phase} phase: ${e.message}`,stats:e.stats,journalName:e.journalName,notices:[],attachments:[],publications:t!==void 0?[{kind:"sticky-comment",pr:t}]:[],result:{kind:"stop",fork:!1}}}export{s as a};
