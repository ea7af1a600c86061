#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
function c(r){return typeof r=="number"?r:r.tokens}var n=class{constructor(e,o,i){this.explicit=o;this.onRaise=i;this.current=e}explicit;onRaise;current;get tokens(){return this.current}reasoningSeen(){if(this.explicit||this.current>=16384)return;let e=this.current;this.current=16384,this.onRaise?.(e,this.current)}};export{c as a,n as b};
