#!/usr/bin/env node
import { createRequire as __rivumiRequire } from 'node:module'; const require = __rivumiRequire(import.meta.url);
import{a,b,c,d}from"./chunk-RNTQXSRZ.js";import"./chunk-ZDYIDJLO.js";import"./chunk-JJNGPM57.js";import"./chunk-6IKM6DCP.js";import"./chunk-S4F4RKHZ.js";import"./chunk-2QSSA2FW.js";import"./chunk-6CPL2PRN.js";import"./chunk-647DZXEJ.js";import"./chunk-RPYMZKRV.js";import"./chunk-NYHJJLY3.js";import"./chunk-KOXFJ656.js";import"./chunk-4ADGFKRA.js";export{d as cliPorts,c as cliSettings,a as readCliEnv,b as startCliRun};
