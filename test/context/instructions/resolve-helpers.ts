/** Shared by the resolution tests: resolve a temp repository and summarise the diagnostics. */
import { afterEach, beforeEach } from "vitest";
import {
  resolveInstructions,
  type ResolveOptions,
} from "../../../src/context/instructions/resolve.js";
import type { InstructionResolution } from "../../../src/context/instructions/types.js";
import { makeTempGit, sourceFor, type SourceKind, type TempGit } from "../../support/temp-git.js";

/** The current test's repository, made by `freshRepoPerTest` (a live binding: read it in a test). */
export let repo: TempGit;

/** Gives each test of the calling file a fresh temporary repository in `repo`, removed after it. */
export function freshRepoPerTest(): void {
  beforeEach(async () => {
    repo = await makeTempGit();
  });
  afterEach(async () => {
    await repo.remove();
  });
}

/** `resolveIn` on the current test's repository. */
export const resolve = (kind: SourceKind, dirs: string[], opts: Partial<ResolveOptions> = {}) =>
  resolveIn(repo, kind, dirs, opts);

export async function resolveIn(
  repo: TempGit,
  kind: SourceKind,
  activeDirs: string[],
  opts: Partial<ResolveOptions> = {},
): Promise<InstructionResolution> {
  const source = await sourceFor(repo, kind);
  return resolveInstructions({ source, activeDirs, maxBytes: 1000, totalBytes: 10_000, ...opts });
}

/** One line per document: `path status[:reason][ by …][ governs …]`. */
export function summary(res: InstructionResolution): string[] {
  return res.diagnostics.documents.map((d) =>
    [
      d.path,
      d.reason ? `${d.status}:${d.reason}` : d.status,
      d.by ? `by ${d.by.join(",")}` : "",
      d.governs.length > 0 ? `governs ${d.governs.join(",")}` : "",
    ]
      .filter(Boolean)
      .join(" "),
  );
}

/** The active document of each active directory. */
export const activeOf = (res: InstructionResolution) =>
  Object.fromEntries(res.diagnostics.directories.map((d) => [d.dir, d.active]));
