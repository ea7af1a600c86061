// The page's only script, as the text the page embeds. Its source is a browser module,
// ./page/script.ts (typed against the DOM); the build compiles it with esbuild and defines
// RIVUMI_PAGE_SCRIPT as the result, in the bundle (scripts/build.mjs) and in the tests
// (vitest.config.ts), both through scripts/page-script.mjs.

declare const RIVUMI_PAGE_SCRIPT: string | undefined;

function compiledIn(): string {
  if (typeof RIVUMI_PAGE_SCRIPT === "string") return RIVUMI_PAGE_SCRIPT;
  throw new Error(
    "the journal page's script was not compiled in: the viewer runs from dist/ or under vitest, which define RIVUMI_PAGE_SCRIPT (scripts/page-script.mjs)",
  );
}

export const PAGE_SCRIPT: string = compiledIn();
