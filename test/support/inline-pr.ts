/**
 * A small pull request for inline-comment tests: a real repository with a base and a head commit,
 * the hunk index Rivumi builds of it, and each file's patch as GitHub's pulls API serves it.
 *
 * `src/calc.ts` (30 lines `line i: value i`): line 10 is rewritten (hunk 1, old and new 7-13)
 * and "added A", "added B" come in after line 20 (hunk 2, new lines 21 and 22).
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildHunkIndex, type HunkIndex } from "../../src/workspace/hunk-index.js";
import { makeTempGit, type TempGit } from "./temp-git.js";

export interface InlinePr {
  repo: TempGit;
  base: string;
  head: string;
  index: HunkIndex;
  /** GitHub's `patch` of each changed file: the diff from its first `@@`. */
  patches: Record<string, string>;
  remove(): Promise<void>;
}

const lines = (n: number, edit: (i: number) => string[] = (i) => [`line ${i}: value ${i}`]) =>
  Array.from({ length: n }, (_, k) => edit(k + 1))
    .flat()
    .join("\n") + "\n";

export async function makeInlinePr(): Promise<InlinePr> {
  const repo = await makeTempGit();
  const runs = await mkdtemp(join(tmpdir(), "rivumi-inline-"));
  await repo.write("src/calc.ts", lines(30));
  await repo.write("README.md", "hello\n");
  const base = await repo.commit("base");
  await repo.write(
    "src/calc.ts",
    lines(30, (i) =>
      i === 10
        ? ["line 10: value ten"]
        : i === 20
          ? ["line 20: value 20", "added A", "added B"]
          : [`line ${i}: value ${i}`],
    ),
  );
  const head = await repo.commit("head");
  const index = await buildHunkIndex({ root: repo.root, from: base, to: head, runDir: runs });
  const diff = await repo.git("diff", base, head, "--", "src/calc.ts");
  const patches = { "src/calc.ts": diff.slice(diff.indexOf("@@")) };
  return {
    repo,
    base,
    head,
    index,
    patches,
    async remove() {
      await repo.remove();
      await rm(runs, { recursive: true, force: true });
    },
  };
}
