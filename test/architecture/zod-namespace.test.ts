// zod is imported by namespace (or for types only) everywhere: a named value import such as
// `import { z } from "zod"` brings zod's whole export object, with its 40 locales, into the
// shared chunk the action loads before anything else (454 KiB instead of 103 KiB, #28).
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const SRC = resolve(import.meta.dirname, "../../src");

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sources(join(dir, e.name))
      : e.name.endsWith(".ts")
        ? [join(dir, e.name)]
        : [],
  );
}

/** Each `import … from "zod"` (or a subpath) of a source, as written. */
function zodImports(text: string): string[] {
  return [...text.matchAll(/^import\s[^;]*?from\s+"zod(?:\/[^"]*)?";/gms)].map((m) => m[0]);
}

const allowed = (statement: string) =>
  /^import\s+type\s/.test(statement) || /^import\s+\*\s+as\s+\w+\s+from/.test(statement);

describe("zod imports", () => {
  it("are by namespace or for types only", () => {
    const named = sources(SRC).flatMap((file) =>
      zodImports(readFileSync(file, "utf8"))
        .filter((s) => !allowed(s))
        .map((s) => `${relative(SRC, file)}: ${s}`),
    );
    expect(named).toEqual([]);
  });

  it("tells a named import from a namespace one", () => {
    const text =
      'import * as z from "zod";\nimport { z as zz } from "zod";\nimport type { ZodType } from "zod";\n';
    expect(zodImports(text).filter((s) => !allowed(s))).toEqual(['import { z as zz } from "zod";']);
  });
});
