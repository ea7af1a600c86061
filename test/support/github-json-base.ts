/**
 * JSON shared by every kind of answer: users, repositories, reactions, ids.
 */
import { createHash } from "node:crypto";
import type { GitHubState } from "./github-state.js";
import type { Actor, ReactionRecord } from "./github-types.js";

export const HTML = "https://github.com";

export type Json = Record<string, unknown>;
export type UserJson = Json & { login: string; id: number; type: string };

export function sha1(text: string): string {
  return createHash("sha1").update(text).digest("hex");
}

/** Stable ids: `github-actions[bot]` keeps its real id; others hash their login. */
export function userId(login: string): number {
  if (login === "github-actions[bot]") return 41898282;
  return 1_000 + (parseInt(sha1(login).slice(0, 7), 16) % 90_000_000);
}

export const nodeId = (prefix: string, id: number | string): string =>
  `${prefix}_kwDO${Buffer.from(String(id)).toString("base64url")}`;

export function user(state: GitHubState, actor: Actor): UserJson {
  const { login, type } = actor;
  const id = userId(login);
  const url = `${state.url}/users/${encodeURIComponent(login)}`;
  return {
    login,
    id,
    node_id: nodeId(type === "Bot" ? "BOT" : "U", id),
    avatar_url: `https://avatars.githubusercontent.com/u/${id}?v=4`,
    gravatar_id: "",
    url,
    html_url: type === "Bot" ? `${HTML}/apps/${login.replace(/\[bot\]$/, "")}` : `${HTML}/${login}`,
    followers_url: `${url}/followers`,
    following_url: `${url}/following{/other_user}`,
    gists_url: `${url}/gists{/gist_id}`,
    starred_url: `${url}/starred{/owner}{/repo}`,
    subscriptions_url: `${url}/subscriptions`,
    organizations_url: `${url}/orgs`,
    repos_url: `${url}/repos`,
    events_url: `${url}/events{/privacy}`,
    received_events_url: `${url}/received_events`,
    type,
    user_view_type: "public",
    site_admin: false,
  };
}

/** `GET /user` for a person: the private profile. */
export function authenticatedUser(state: GitHubState, actor: Actor): Json {
  return {
    ...user(state, actor),
    name: actor.login,
    company: null,
    blog: "",
    location: null,
    email: null,
    hireable: null,
    bio: null,
    twitter_username: null,
    public_repos: 0,
    public_gists: 0,
    followers: 0,
    following: 0,
    created_at: "2020-01-01T00:00:00Z",
    updated_at: "2020-01-01T00:00:00Z",
    private_gists: 0,
    total_private_repos: 0,
    owned_private_repos: 0,
    disk_usage: 0,
    collaborators: 0,
    two_factor_authentication: true,
  };
}

/** A repository object; `fullName` may be a fork the fake does not hold. */
export function repository(state: GitHubState, fullName: string): Json {
  const held = state.hasRepo(fullName) ? state.repo(fullName) : undefined;
  const [owner = "", name = ""] = fullName.split("/");
  const id = held?.id ?? userId(`repo:${fullName}`);
  const api = `${state.url}/repos/${fullName}`;
  const at = "2020-01-01T00:00:00Z";
  const urls = Object.fromEntries(
    [
      ["archive", "/{archive_format}{/ref}"],
      ["assignees", "/assignees{/user}"],
      ["blobs", "/git/blobs{/sha}"],
      ["branches", "/branches{/branch}"],
      ["collaborators", "/collaborators{/collaborator}"],
      ["comments", "/comments{/number}"],
      ["commits", "/commits{/sha}"],
      ["compare", "/compare/{base}...{head}"],
      ["contents", "/contents/{+path}"],
      ["contributors", "/contributors"],
      ["deployments", "/deployments"],
      ["downloads", "/downloads"],
      ["events", "/events"],
      ["forks", "/forks"],
      ["git_commits", "/git/commits{/sha}"],
      ["git_refs", "/git/refs{/sha}"],
      ["git_tags", "/git/tags{/sha}"],
      ["hooks", "/hooks"],
      ["issue_comment", "/issues/comments{/number}"],
      ["issue_events", "/issues/events{/number}"],
      ["issues", "/issues{/number}"],
      ["keys", "/keys{/key_id}"],
      ["labels", "/labels{/name}"],
      ["languages", "/languages"],
      ["merges", "/merges"],
      ["milestones", "/milestones{/number}"],
      ["notifications", "/notifications{?since,all,participating}"],
      ["pulls", "/pulls{/number}"],
      ["releases", "/releases{/id}"],
      ["stargazers", "/stargazers"],
      ["statuses", "/statuses/{sha}"],
      ["subscribers", "/subscribers"],
      ["subscription", "/subscription"],
      ["tags", "/tags"],
      ["teams", "/teams"],
      ["trees", "/git/trees{/sha}"],
    ].map(([key, suffix]) => [`${key}_url`, api + suffix]),
  );
  return {
    id,
    node_id: nodeId("R", id),
    name,
    full_name: fullName,
    owner: user(state, { login: owner, type: "User" }),
    private: held?.isPrivate ?? false,
    visibility: held?.isPrivate ? "private" : "public",
    html_url: `${HTML}/${fullName}`,
    description: null,
    fork: held === undefined,
    url: api,
    ...urls,
    clone_url: held?.cloneUrl ?? `${HTML}/${fullName}.git`,
    git_url: `git://github.com/${fullName}.git`,
    ssh_url: `git@github.com:${fullName}.git`,
    svn_url: `${HTML}/${fullName}`,
    mirror_url: null,
    homepage: null,
    language: null,
    size: 0,
    forks: 0,
    forks_count: 0,
    stargazers_count: 0,
    watchers: 0,
    watchers_count: 0,
    open_issues: 0,
    open_issues_count: 0,
    network_count: 0,
    subscribers_count: 0,
    default_branch: held?.defaultBranch ?? "main",
    has_issues: true,
    has_projects: true,
    has_wiki: true,
    has_pages: false,
    has_downloads: true,
    has_discussions: false,
    archived: false,
    disabled: false,
    license: null,
    pushed_at: at,
    created_at: at,
    updated_at: at,
  };
}

export function reactionRollup(url: string, reactions: ReactionRecord[]): Json {
  const count = (c: string): number => reactions.filter((r) => r.content === c).length;
  const contents = ["+1", "-1", "laugh", "confused", "heart", "hooray", "eyes", "rocket"];
  return {
    url: `${url}/reactions`,
    total_count: reactions.length,
    ...Object.fromEntries(contents.map((c) => [c, count(c)])),
  };
}

export function reaction(state: GitHubState, r: ReactionRecord): Json {
  return {
    id: r.id,
    node_id: nodeId("REA", r.id),
    user: user(state, r.user),
    content: r.content,
    created_at: r.createdAt,
  };
}
