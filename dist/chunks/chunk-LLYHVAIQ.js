#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
function n(e){if(!Number.isSafeInteger(e))return e.toLocaleString("en-US");let t=String(Math.abs(e)),r=t.slice(0,(t.length-1)%3+1);for(let i=r.length;i<t.length;i+=3)r+=`,${t.slice(i,i+3)}`;return e<0||Object.is(e,-0)?`-${r}`:r}export{n as a};
