#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
var s=["auto","max_completion_tokens","max_tokens"],m=["minimal","low","medium","high"];function p(e){return typeof e=="number"?e:e.tokens}var r=class{constructor(t,n,i){this.explicit=n;this.onRaise=i;this.current=t}explicit;onRaise;current;get tokens(){return this.current}reasoningSeen(){if(this.explicit||this.current>=16384)return;let t=this.current;this.current=16384,this.onRaise?.(t,this.current)}};export{s as a,m as b,p as c,r as d};
