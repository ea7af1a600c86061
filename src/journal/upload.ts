import { dirname } from "node:path";

/**
 * Artifact names are unique per workflow run, and a second upload of a name is refused: include
 * the job, the `comment-key` input when set (the legs of a matrix share one job id, and the
 * README gives each leg its own key) and the attempt.
 */
export function journalArtifactName(env: NodeJS.ProcessEnv): string {
  const safe = (text: string) => text.replace(/[^A-Za-z0-9_.-]/g, "-");
  const job = safe(env.GITHUB_JOB ?? "job");
  const key = (env["INPUT_COMMENT-KEY"] ?? "").trim();
  const attempt = env.GITHUB_RUN_ATTEMPT ?? "1";
  const suffix = env.RIVUMI_ARTIFACT_SUFFIX ? `-${safe(env.RIVUMI_ARTIFACT_SUFFIX)}` : "";
  return `rivumi-journal-${job}${key ? `-${safe(key)}` : ""}-${attempt}${suffix}`;
}

/** Uploads the journal (and the files beside it) as one workflow artifact; returns its id. */
export async function uploadJournal(files: string[], name: string): Promise<number | undefined> {
  // The artifact client pulls in the Azure storage SDK: load it only when the run is over.
  const { DefaultArtifactClient } = await import("@actions/artifact");
  const client = new DefaultArtifactClient();
  const result = await client.uploadArtifact(name, files, dirname(files[0] ?? "."), {
    retentionDays: 30,
  });
  return result.id;
}
