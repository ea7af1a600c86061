/** The few GitHub facts and writes Rivumi needs; the real one wraps Octokit, tests pass fakes. */
export interface GitHubPort {
  /** Login of the token's own identity (GraphQL `viewer`; works for installation tokens). */
  viewerLogin(): Promise<string>;
  getPull(number: number): Promise<PullRequestInfo>;
  /** The user's collaborator permission on this repository: admin, write, read or none. */
  getPermission(login: string): Promise<{ permission: string; roleName: string }>;
  listIssueComments(number: number): Promise<IssueComment[]>;
  createIssueComment(number: number, body: string): Promise<IssueComment>;
  updateIssueComment(id: number, body: string): Promise<IssueComment>;
  deleteIssueComment(id: number): Promise<void>;
  /** Reacts to an issue comment (the memory commands' +1 or confused). */
  createReaction(commentId: number, content: "+1" | "confused"): Promise<void>;
}

export interface RepoRef {
  owner: string;
  repo: string;
}

export interface PullRequestInfo {
  number: number;
  title: string;
  body: string;
  author: string;
  authorType: string;
  draft: boolean;
  headSha: string;
  headRef: string;
  headRepo: string;
  baseSha: string;
  baseRef: string;
  baseRepo: string;
  cloneUrl: string;
  headCloneUrl: string;
}

export interface PullFile {
  path: string;
  /** added, removed, modified, changed (type), renamed or copied. */
  status: string;
  additions: number;
  deletions: number;
  /** Where a renamed or copied file came from. */
  previousPath?: string;
}

export interface IssueComment {
  id: number;
  body: string;
  author: string;
  url: string;
}
