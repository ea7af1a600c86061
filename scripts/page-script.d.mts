export function buildPageScript(): Promise<string>;
export function pageScriptDefine(): Promise<{ RIVUMI_PAGE_SCRIPT: string }>;
