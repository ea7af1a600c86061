import { gitDiffTool } from "./git-diff.js";
import { listFilesTool } from "./list-files.js";
import { readFileTool } from "./read-file.js";
import { searchTool } from "./search.js";
import type { Tool } from "./tool.js";

/** The read-only tools, safe for untrusted pull requests: they only read the workspace. */
export const reviewTools: Tool[] = [readFileTool, listFilesTool, searchTool, gitDiffTool];

export { createGitDiff, isSafeRef } from "./git-diff.js";
export { createReadFile } from "./read-file.js";
export { createSearch } from "./search.js";
