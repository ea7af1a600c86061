#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
function n(e){switch(e.kind){case"pull_request":return{login:e.author,type:e.authorType};case"comment":case"dispatch":return{login:e.sender,type:e.senderType};default:return}}function t(e){return e.type==="Bot"||e.login.toLowerCase().endsWith("[bot]")}function r(e){return e==="admin"||e==="write"}export{n as a,t as b,r as c};
