#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
import{a,b,c,d}from"./chunk-AFGA7KZV.js";import"./chunk-VJGITF6R.js";import"./chunk-SOSFJNIH.js";import"./chunk-4ADGFKRA.js";export{a as RivumiOctokit,d as createGitHubPort,b as createOctokit,c as createOctokitWithToken};
