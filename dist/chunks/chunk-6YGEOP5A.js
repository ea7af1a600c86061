#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
import{a as r,b as o}from"./chunk-BWHCFCAH.js";function n(t){process.stdout.write(r(t))}function e(t){process.stdout.write(o(t))}function s(t){process.stderr.write(r(t))}export{n as a,e as b,s as c};
