import { applyPatchTool } from "./apply-patch.js";
import type { Tool } from "./tool.js";
import { writeFileTool } from "./write-file.js";

/** The tools a trusted task run with `allow-edits: true` adds; both change only the workspace. */
export const editTools: Tool[] = [writeFileTool, applyPatchTool];
