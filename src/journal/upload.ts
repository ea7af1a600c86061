import { dirname } from "node:path";

/** Artifact names are unique per workflow run: include the job and the attempt. */
export function journalArtifactName(env: NodeJS.ProcessEnv): string {
  const job = (env.GITHUB_JOB ?? "job").replace(/[^A-Za-z0-9_.-]/g, "-");
  const attempt = env.GITHUB_RUN_ATTEMPT ?? "1";
  const suffix = env.RIVUMI_ARTIFACT_SUFFIX
    ? `-${env.RIVUMI_ARTIFACT_SUFFIX.replace(/[^A-Za-z0-9_.-]/g, "-")}`
    : "";
  return `rivumi-journal-${job}-${attempt}${suffix}`;
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
