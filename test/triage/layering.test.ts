// The triage's pure part (every file of src/triage but its run and its publication) is a leaf: it
// may use node builtins, src/util and itself, never the run's modules, which read GitHub, logs and
// the model, nor the publication's, which render the outcome as Markdown.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const src = join(dirname(fileURLToPath(import.meta.url)), "../../src/triage");

/** The triage's run: the modules that do I/O beyond one log file. */
const RUN = new Set([
  "run.ts",
  "ports.ts",
  "failed-run.ts",
  "job.ts",
  "log-download.ts",
  "log-file.ts",
  "evidence.ts",
  "annotations.ts",
  "green-run.ts",
  "passes.ts",
  "remember.ts",
  "digest.ts",
]);
/** The triage's publication: its outcome as Markdown for the comment, the issue and the summary. */
const PUBLICATION = new Set(["publish.ts", "publish-text.ts", "history-render.ts"]);

describe("src/triage imports", () => {
  it("of the pure part come only from node builtins, src/util and the pure part", () => {
    const bad: string[] = [];
    const files = readdirSync(src).filter((f) => f.endsWith(".ts"));
    expect(files.filter((f) => RUN.has(f))).toHaveLength(RUN.size);
    expect(files.filter((f) => PUBLICATION.has(f))).toHaveLength(PUBLICATION.size);
    for (const file of files.filter((f) => !RUN.has(f) && !PUBLICATION.has(f))) {
      const text = readFileSync(join(src, file), "utf8");
      for (const [, spec] of text.matchAll(/^\s*(?:import|export)\b[^;]*?\bfrom\s+"([^"]+)"/gm)) {
        const own = /^\.\/([^/]+)\.js$/.exec(spec!);
        if (own && (RUN.has(`${own[1]}.ts`) || PUBLICATION.has(`${own[1]}.ts`)))
          bad.push(`${file}: ${spec}`);
        else if (!/^(?:node:|\.\/(?!.*\.\.)|\.\.\/util\/)/.test(spec!))
          bad.push(`${file}: ${spec}`);
      }
    }
    expect(bad).toEqual([]);
  });
});
