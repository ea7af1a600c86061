import type { GitHubPort, IssueComment } from "../github/port.js";
import { STICKY_MARKER } from "./render.js";

/**
 * One comment per pull request, found by its hidden marker and only if Rivumi's own identity wrote
 * it (anyone can paste the marker into a comment of their own).
 */
export class StickyComment {
  private current: IssueComment | undefined;

  constructor(
    private readonly github: GitHubPort,
    private readonly pr: number,
    private readonly self: string,
  ) {}

  get url(): string | undefined {
    return this.current?.url;
  }

  private async find(): Promise<IssueComment | undefined> {
    const comments = await this.github.listIssueComments(this.pr);
    const self = this.self.toLowerCase();
    return comments.find((c) => c.author.toLowerCase() === self && c.body.includes(STICKY_MARKER));
  }

  /**
   * Updates the comment in place, or creates it. The lookup runs right before creating, so a
   * comment another run made in the meantime is updated rather than duplicated.
   */
  async upsert(body: string): Promise<{ action: "created" | "updated"; comment: IssueComment }> {
    this.current ??= await this.find();
    if (this.current) {
      this.current = await this.github.updateIssueComment(this.current.id, body);
      return { action: "updated", comment: this.current };
    }
    this.current = await this.github.createIssueComment(this.pr, body);
    return { action: "created", comment: this.current };
  }
}
