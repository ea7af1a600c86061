// Steps 3 and 4 of publishing (see finish.ts): the journal artifact's upload, then one more edit
// of what was posted. An upload that worked adds the artifact's link; one that failed rewrites
// the comments and issues from the partial outcome, so none names an artifact that is not there.
import { existsSync } from "node:fs";
import { requestsFileOf } from "../journal/requests-log.js";
import { uploadJournal } from "../journal/upload.js";
import type { Outcome } from "../outcome/outcome.js";
import { errorText } from "../util/error-text.js";
import { neutralizeLog } from "../util/sanitize.js";
import { settle, stepDeadline, type Settled, type StepLimits } from "./deadline.js";
import type { FinishPorts } from "./finish-ports.js";
import { renderJournalPage } from "./journal-page.js";

/** Step 3, the artifact: its client retries for a while; after a stop, until SIGKILL is near. */
const UPLOAD_STEP: StepLimits = { budgetMs: 90_000, afterStopMs: 9_000 };
/** Step 4, one more edit of the comment. */
const LINK_STEP: StepLimits = { budgetMs: 20_000, afterStopMs: 9_500 };

/** What became of the journal artifact. */
export type Upload =
  /** Uploaded; `url` when the service gave its id. */
  | { kind: "uploaded"; url: string | undefined }
  | { kind: "failed"; error: string }
  /** Nothing to upload with: the runner gave no artifact token. */
  | { kind: "none" };

/** Step 3: the journal's page, then the upload of the journal and the files beside it. */
export async function uploadArtifact(outcome: Outcome, ports: FinishPorts): Promise<Upload> {
  if (!ports.canUpload) {
    ports.say(`No ACTIONS_RUNTIME_TOKEN: the journal stays at ${ports.journalPath}`);
    return { kind: "none" };
  }
  const deadline = stepDeadline(UPLOAD_STEP, ports.stops);
  try {
    const page = await renderJournalPage(ports.journalPath, ports.redactor).catch(
      (error: unknown) => {
        ports.say(`The journal page could not be rendered: ${errorText(error)}`);
        return undefined;
      },
    );
    const requests = requestsFileOf(ports.journalPath);
    const files = [ports.journalPath, ...(page ? [page] : [])];
    if (existsSync(requests)) files.push(requests);
    files.push(ports.resultPath, ...outcome.attachments);
    const done = await settle(uploadJournal(files, ports.journalName), deadline.signal);
    if (done.kind === "cut") throw new Error("the upload ran out of time");
    if (done.kind === "failed") throw done.error;
    const id = done.value;
    ports.say(`Journal uploaded as artifact ${ports.journalName} (id ${id ?? "?"})`);
    return { kind: "uploaded", url: id !== undefined ? ports.artifactUrl?.(id) : undefined };
  } catch (error) {
    const message = ports.redactor.redact(errorText(error));
    ports.journal.emit({ type: "publish.failed", target: "journal artifact", error: message });
    ports.core.warning(neutralizeLog(`Rivumi could not publish the journal artifact: ${message}`));
    return { kind: "failed", error: message };
  } finally {
    deadline.end();
  }
}

/**
 * Step 4 on GitHub: the artifact's link added to the comments, or, after a failed upload, the
 * comments and issues rewritten from `final` (partial, saying the upload failed, naming no
 * artifact). Best effort under its own deadline; what it could not do is said in the log.
 */
export async function showArtifact(
  upload: Upload,
  final: Outcome,
  ports: FinishPorts,
): Promise<void> {
  // Each acts only on what step 2 wrote: nothing when it wrote nothing.
  const publisher = ports.publisher;
  if (!publisher) return;
  const work =
    upload.kind === "uploaded" && upload.url !== undefined && publisher.linkArtifact
      ? (signal: AbortSignal) => publisher.linkArtifact!(upload.url!, { signal })
      : upload.kind === "failed" && publisher.republish
        ? (signal: AbortSignal) => publisher.republish!(final, { signal })
        : undefined;
  if (!work) return;
  const deadline = stepDeadline(LINK_STEP, ports.stops);
  const done = await settle(work(deadline.signal), deadline.signal);
  deadline.end();
  if (done.kind === "done") return;
  const why = describe(done, ports);
  ports.say(
    upload.kind === "uploaded"
      ? `The comment keeps the artifact's name only: ${why}`
      : `The comment could not be updated to say the journal artifact is missing: ${why}`,
  );
}

function describe(done: Exclude<Settled<unknown>, { kind: "done" }>, ports: FinishPorts): string {
  if (done.kind === "cut") return "publishing ran out of time";
  return ports.redactor.redact(errorText(done.error));
}
