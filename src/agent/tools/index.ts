import { gitDiff } from "./git-diff.js";
import { listFiles } from "./list-files.js";
import { readFile } from "./read-file.js";
import { search } from "./search.js";
import type { Tool } from "./tool.js";

/** The read-only tools, safe for untrusted pull requests: they only read the workspace. */
export const reviewTools: Tool[] = [readFile, listFiles, search, gitDiff];

export { createGitDiff, isSafeRef } from "./git-diff.js";
export { createReadFile } from "./read-file.js";
export { createSearch } from "./search.js";
