#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
var t=["auto","max_completion_tokens","max_tokens"],o=["minimal","low","medium","high"];export{t as a,o as b};
