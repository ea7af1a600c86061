#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
var t=String.raw`[\p{Default_Ignorable_Code_Point}\0-\x09\x0B\x0C\x0E-\x1F\x7F-\x9F]*`,e=String.raw`[\s\u0085\p{Default_Ignorable_Code_Point}\0-\x08\x0E-\x1F\x7F-\x9F]*`,r=new RegExp(String.raw`#(${t})#(${t})\[`,"gu"),o=new RegExp(String.raw`^(${e}):(${t}):`,"gmu"),g="\u266F",x="\u2236";function i(n){return n.replace(r,`#$1${g}$2[`).replace(o,`$1:$2${x}`)}function u(n){return n.replace(r,"#$1#$2\\u005b")}export{i as a,u as b};
