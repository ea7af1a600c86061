import type { GitHubPort, IssueComment } from "../github/port.js";
import { STICKY_MARKER } from "./render.js";

/**
 * One comment per pull request, found by its hidden marker and only if Rivumi's own identity wrote
 * it (anyone can paste the marker into a comment of their own).
 */
export class StickyComment {
  private current: IssueComment | undefined;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly github: GitHubPort,
    private readonly pr: number,
    /** The token's own login; asked lazily so the lookup stays off the critical path. */
    private readonly self: () => Promise<string>,
  ) {}

  get url(): string | undefined {
    return this.current?.url;
  }

  /** Rivumi's own marked comments on the pull request, oldest first. */
  private async own(): Promise<IssueComment[]> {
    const [comments, self] = await Promise.all([
      this.github.listIssueComments(this.pr),
      this.self(),
    ]);
    const me = self.toLowerCase();
    return comments
      .filter((c) => c.author.toLowerCase() === me && c.body.startsWith(STICKY_MARKER))
      .sort((a, b) => a.id - b.id);
  }

  /**
   * Updates the comment in place, or creates it. Calls run one after another, so a final result
   * never races the progress note; the lookup runs right before creating, so a comment another
   * run made in the meantime is updated rather than duplicated.
   */
  upsert(body: string): Promise<{ action: "created" | "updated"; comment: IssueComment }> {
    const next = this.queue.catch(() => undefined).then(() => this.write(body));
    this.queue = next;
    return next;
  }

  private async write(
    body: string,
  ): Promise<{ action: "created" | "updated"; comment: IssueComment }> {
    this.current ??= (await this.own())[0];
    if (this.current) {
      this.current = await this.github.updateIssueComment(this.current.id, body);
      return { action: "updated", comment: this.current };
    }
    const created = await this.github.createIssueComment(this.pr, body);
    // Another run may have created one at the same moment: every run keeps the oldest.
    const oldest = (await this.own())[0];
    if (oldest && oldest.id !== created.id) {
      await this.github.deleteIssueComment(created.id);
      this.current = await this.github.updateIssueComment(oldest.id, body);
      return { action: "updated", comment: this.current };
    }
    this.current = created;
    return { action: "created", comment: this.current };
  }
}
