/**
 * The JSON GitHub returns, built from the fake's records. Fields follow the response schemas of
 * the REST description (the server checks its own answers with `validateResponses`).
 */
export * from "./github-json-base.js";
export * from "./github-json-data.js";
export * from "./github-json-pulls.js";
