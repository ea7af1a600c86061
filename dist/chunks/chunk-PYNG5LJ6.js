#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
function n(e){return e.type==="Bot"||e.login.toLowerCase().endsWith("[bot]")}function t(e){return e==="admin"||e==="write"}export{n as a,t as b};
