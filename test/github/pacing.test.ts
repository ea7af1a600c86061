// The write spacing GitHub asks for is the production default; tests turn it down on purpose.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createGitHubPort, createOctokit } from "../../src/github/octokit.js";
import { readRunnerEnv } from "../../src/runner-env.js";
import { startGitHubServer, type GitHubServer } from "../support/github-server.js";

const FULL = "acme/widgets";
let github: GitHubServer;
let writes: number[];

beforeEach(async () => {
  writes = [];
  github = await startGitHubServer({
    onRequest: (req) => {
      if (req.method !== "GET") writes.push(performance.now());
      return undefined;
    },
  });
  github.addRepo(FULL);
  github.addPullRequest(FULL, { number: 3, user: "alice" });
});
afterEach(async () => {
  github.assertNoViolations();
  await github.close();
});

async function twoEdits(waitScale?: number): Promise<number> {
  const port = createGitHubPort(
    createOctokit({ token: "ghs_installation", baseUrl: github.url, waitScale }),
    { owner: "acme", repo: "widgets" },
  );
  const a = github.addIssueComment(FULL, 3, "one", "github-actions[bot]");
  const b = github.addIssueComment(FULL, 3, "two", "github-actions[bot]");
  // Editing a comment is a write that notifies nobody: GitHub's one-second rule.
  await Promise.all([port.updateIssueComment(a.id, "1"), port.updateIssueComment(b.id, "2")]);
  expect(writes).toHaveLength(2);
  return writes[1]! - writes[0]!;
}

describe("GitHub's write spacing", () => {
  it("keeps a second between two writes by default, even when they are sent together", async () => {
    // The second request leaves 1 s after the first; on a busy machine the first may reach the
    // server late, so the gap seen there is shorter, but nowhere near two requests sent together.
    expect(await twoEdits()).toBeGreaterThanOrEqual(600);
  });

  it("scales the spacing by waitScale, for a loopback GitHub", async () => {
    expect(await twoEdits(0.02)).toBeLessThan(600);
  });
});

describe("RIVUMI_GITHUB_WAIT_SCALE", () => {
  const env = { GITHUB_EVENT_NAME: "pull_request", GITHUB_EVENT_PATH: "/dev/null" };

  it("defaults to waiting as GitHub asks and reads a fraction", () => {
    expect(readRunnerEnv(env).githubWaitScale).toBe(1);
    expect(readRunnerEnv({ ...env, RIVUMI_GITHUB_WAIT_SCALE: " 0.05 " }).githubWaitScale).toBe(
      0.05,
    );
  });

  it.each(["fast", "-1", "2", "NaN", "Infinity"])("refuses %j, naming the variable", (value) => {
    expect(() => readRunnerEnv({ ...env, RIVUMI_GITHUB_WAIT_SCALE: value })).toThrow(
      /RIVUMI_GITHUB_WAIT_SCALE .*from 0 to 1/,
    );
  });
});
