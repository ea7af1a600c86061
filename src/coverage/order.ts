/** The order budget-limited work takes: source before tests before docs, bigger changes first. */

export type ReviewClass = "source" | "test" | "docs";

const TEST_DIR = /(?:^|\/)(?:tests?|__tests__|__mocks__|specs?|testdata|fixtures)\//;
const TEST_NAME =
  /(?:\.(?:test|spec)\.[^/]+|_test\.go|_test\.py|_spec\.rb|Tests?\.(?:java|kt|cs|swift))$|^test_[^/]*\.py$/;
const DOCS_DIR = /(?:^|\/)docs?\//;
const DOCS_NAME =
  /\.(?:md|mdx|markdown|rst|adoc|txt)$|^(?:README|CHANGELOG|CHANGES|LICENSE|NOTICE|CONTRIBUTING)(?:\.|$)/i;

export function classifyPath(path: string): ReviewClass {
  const base = path.slice(path.lastIndexOf("/") + 1);
  if (TEST_DIR.test(path) || TEST_NAME.test(base)) return "test";
  if (DOCS_DIR.test(path) || DOCS_NAME.test(base)) return "docs";
  return "source";
}

const RANK: Record<ReviewClass, number> = { source: 0, test: 1, docs: 2 };

export interface OrderableFile {
  path: string;
  additions: number;
  deletions: number;
  bytes?: number;
}

/** A sorted copy: by class, then by lines changed (then bytes), then by path. */
export function orderForReview<T extends OrderableFile>(files: readonly T[]): T[] {
  const keyed = files.map((file) => ({
    file,
    rank: RANK[classifyPath(file.path)],
    size: file.additions + file.deletions,
  }));
  keyed.sort(
    (a, b) =>
      a.rank - b.rank ||
      b.size - a.size ||
      (b.file.bytes ?? 0) - (a.file.bytes ?? 0) ||
      (a.file.path < b.file.path ? -1 : a.file.path > b.file.path ? 1 : 0),
  );
  return keyed.map((k) => k.file);
}
