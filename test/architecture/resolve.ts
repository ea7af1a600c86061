// Names what an import specifier points at, the way Node (and TypeScript's NodeNext resolution)
// would: a relative path must name a file of the tree (`./x.js` is the source `./x.ts`), a bare
// built-in is Node's `node:` module, and anything else is an npm package the project depends on.
import { existsSync, statSync } from "node:fs";
import { isBuiltin } from "node:module";
import { dirname, isAbsolute, relative, resolve, sep } from "node:path";

export type Target =
  | { kind: "src"; name: string }
  | { kind: "node"; name: string; bare: boolean }
  | { kind: "package"; name: string }
  | { kind: "error"; reason: string };

/** The source files a compiled-name import may stand for. */
const SOURCE_FOR: readonly [RegExp, readonly string[]][] = [
  [/\.js$/, [".ts", ".tsx"]],
  [/\.mjs$/, [".mts"]],
  [/\.cjs$/, [".cts"]],
];

const isFile = (path: string) => existsSync(path) && statSync(path).isFile();

/** `root`-relative with `/`, or undefined when `path` lies outside `root`. */
function inside(root: string, path: string): string | undefined {
  const rel = relative(root, path);
  if (rel === "" || rel.startsWith("..") || isAbsolute(rel)) return undefined;
  return rel.split(sep).join("/");
}

export function resolveSpecifier(
  root: string,
  fromFile: string,
  specifier: string,
  dependencies: ReadonlySet<string>,
): Target {
  if (specifier === "." || specifier === ".." || /^\.\.?\//.test(specifier)) {
    const path = resolve(dirname(fromFile), specifier);
    const candidates = [path];
    for (const [compiled, sources] of SOURCE_FOR) {
      if (compiled.test(path)) candidates.unshift(...sources.map((s) => path.replace(compiled, s)));
    }
    if (inside(root, path) === undefined) return { kind: "error", reason: "reaches outside src/" };
    const found = candidates.find(isFile);
    if (!found) return { kind: "error", reason: "does not resolve to a file" };
    return { kind: "src", name: inside(root, found)! };
  }
  if (specifier.startsWith("node:")) {
    return isBuiltin(specifier)
      ? { kind: "node", name: specifier, bare: false }
      : { kind: "error", reason: "is no built-in module of Node" };
  }
  if (isBuiltin(specifier)) return { kind: "node", name: `node:${specifier}`, bare: true };
  if (/^[#/]|^[a-z][a-z0-9+.-]*:/i.test(specifier)) {
    return { kind: "error", reason: "is neither a relative path nor a package" };
  }
  const parts = specifier.split("/");
  const name = specifier.startsWith("@") ? parts.slice(0, 2).join("/") : (parts[0] ?? "");
  if (!dependencies.has(name)) {
    return { kind: "error", reason: `names package ${name}, which package.json does not list` };
  }
  return { kind: "package", name };
}
