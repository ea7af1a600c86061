#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
function p(e,o){let[t=e.owner,r=e.repo]=o.memory.repository?.split("/")??[];return{owner:t,repo:r}}export{p as a};
