// One issue per key (a triage's failure signature), kept up to date: the issue Rivumi opened with
// the key's hidden marker on its first line is updated, else one is opened.
import type { CallOptions, GitHubPort } from "../github/port.js";
import type { Journal } from "../journal/journal.js";
import { stickyKey } from "./sticky-comment.js";

/**
 * Updates the open issue Rivumi opened for `issue.key`, found by the hidden marker on its first
 * line and its author (anyone can paste a marker), or opens one. Returns the issue's URL.
 */
export async function writeIssueByMarker(
  deps: {
    github: GitHubPort;
    journal: Journal;
    redact: (text: string) => string;
    selfLogin(): Promise<string>;
  },
  issue: { key: string; title: string; body: string },
  /** The outcome's conclusion, as the journal records it. */
  conclusion: string,
  opts: CallOptions,
): Promise<string> {
  const { github, redact } = deps;
  const key = stickyKey({ configured: issue.key, workflow: undefined, job: undefined });
  const marker = `<!-- rivumi:issue ${key} -->`;
  const body = `${marker}\n${redact(issue.body)}`;
  const title = redact(issue.title).slice(0, 256);
  const login = await deps.selfLogin();
  const self = login.toLowerCase();
  const own = (await github.listOpenIssuesBy(login, opts))
    .filter(
      (i) => i.author.toLowerCase() === self && i.body.split("\n", 1)[0]?.trimEnd() === marker,
    )
    .sort((a, b) => a.number - b.number)[0];
  const written = own
    ? await github.updateIssue(own.number, { title, body }, opts)
    : await github.createIssue(title, body, opts);
  deps.journal.emit({
    type: "publish.comment",
    action: own ? "updated" : "created",
    id: written.number,
    url: written.url,
    state: conclusion,
    bytes: body.length,
  });
  return written.url;
}
