// A fix from the agent's edit to the commit on the branch: the fix's run in a real git repository,
// then its publication through the real Octokit against the loopback GitHub, which holds the same
// commits as the repository (imported under their own SHAs) and checks every request against
// GitHub's REST description.
import { afterEach, describe, expect, it } from "vitest";
import { MemoryJournal } from "../../src/journal/journal.js";
import { runMode } from "../../src/modes/index.js";
import type { FixPlan } from "../../src/plan/plan.js";
import { startGitHubServer, type GitHubServer } from "../support/github-server.js";
import { loopbackPublisher } from "../support/publish-world.js";
import { call, reviewWorld, submit, type ReviewWorld } from "../support/review-world.js";

const FULL = "acme/widgets";
const PR = 7;
const BASE = { "src/app.ts": "export const answer = 41;\n" };
const HEAD = { "src/app.ts": "export const answer = 42;\n", "README.md": "# widgets\n" };

let world: ReviewWorld | undefined;
let github: GitHubServer | undefined;
afterEach(async () => {
  github?.assertNoViolations();
  await Promise.all([world?.close(), github?.close()]);
  world = undefined;
  github = undefined;
});

const plan: FixPlan = {
  kind: "fix",
  pr: PR,
  task: "make the answer 43",
  trusted: true,
  request: { source: "comment", what: "make the answer 43" },
  reason: "test",
};

/** The fix's run, then its publication; `meanwhile` runs between the two (someone pushes). */
async function fixAndPublish(
  script: Parameters<typeof reviewWorld>[0]["script"],
  meanwhile?: (github: GitHubServer) => void,
) {
  world = await reviewWorld({
    baseFiles: BASE,
    headFiles: HEAD,
    script,
    inputs: { "push-fixes": "true" },
  });
  github = await startGitHubServer();
  github.addRepo(FULL);
  const head = await github.importBranch(FULL, world.root, "feature", "HEAD");
  const base = await github.importBranch(FULL, world.root, "main", "main");
  github.addPullRequest(FULL, {
    number: PR,
    user: "alice",
    head: { sha: head, ref: "feature" },
    base: { sha: base, ref: "main" },
  });
  const outcome = await runMode(world.ports, plan);
  meanwhile?.(github);
  const journal = new MemoryJournal();
  const publisher = loopbackPublisher(github, FULL, { journal, stickyKey: "ci/fix" });
  const published = await publisher.publishAll(outcome);
  const comment = github.issueComments(FULL, PR).at(-1)?.body ?? "";
  return { outcome, published, comment, journal, head };
}

const NEW_APP = "export const answer = 43;\n";
const EDIT = call("write_file", { path: "src/app.ts", content: NEW_APP });

describe("a fix committed to the pull request's branch", () => {
  it("moves the branch by one verified commit whose only parent is the head, and says so", async () => {
    const { published, comment, journal, head } = await fixAndPublish([
      EDIT,
      call("write_file", { path: "src/new/util.ts", content: "export const x = 1;\n" }),
      submit("Made the answer 43."),
    ]);
    expect(published.failures).toEqual([]);
    expect(published.fix?.kind).toBe("committed");
    const sha = published.fix?.kind === "committed" ? published.fix.sha : "";
    const files = github!.branchFiles(FULL, "feature");
    expect(files["src/app.ts"]?.text).toBe(NEW_APP);
    expect(files["src/new/util.ts"]?.text).toBe("export const x = 1;\n");
    expect(files["README.md"]?.text).toBe("# widgets\n");
    const commit = github!.commitOf(FULL, sha);
    expect(commit?.parents).toEqual([head]);
    expect(commit?.verified).toBe(true);
    expect(commit?.message).toContain("Not verified: no verify-command is set.");
    expect(github!.repo(FULL).pull(PR).pull.head.sha).toBe(sha);
    expect(comment).toContain("### Rivumi fix");
    expect(comment).toContain(`**Committed** [\`${sha.slice(0, 7)}\`]`);
    expect(comment).toContain("`src/new/util.ts` (+1 −0)");
    expect(comment).toContain("Not verified");
    const requests = journal.events.filter((e) => e.type === "fix.request");
    expect(requests.map((r) => (r.type === "fix.request" ? `${r.method} ${r.route}` : ""))).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^POST .*git\/trees/),
        expect.stringMatching(/^POST .*git\/commits/),
        expect.stringMatching(/^PATCH .*git\/refs/),
      ]),
    );
    expect(JSON.stringify(requests)).not.toContain("answer = 43");
  });

  it("leaves a branch that moved meanwhile alone and replies with the patch", async () => {
    const { outcome, published, comment } = await fixAndPublish([EDIT, submit("Done.")], (gh) =>
      gh.pushToBranch(FULL, "feature", { "README.md": "# widgets, pushed meanwhile\n" }),
    );
    expect(published.fix?.kind).toBe("moved");
    expect(github!.branchFiles(FULL, "feature")["src/app.ts"]?.text).toBe(
      "export const answer = 42;\n",
    );
    expect(comment).toContain("### Rivumi fix: not committed");
    expect(comment).toMatch(/the branch `feature` moved/);
    expect(comment).toContain("+export const answer = 43;");
    expect(outcome.publications.map((p) => p.kind)).toEqual(["fix-commit"]);
  });

  it("reports a protected branch's refusal with GitHub's words and writes nothing", async () => {
    const { published, comment } = await fixAndPublish([EDIT, submit("Done.")], (gh) =>
      gh.protectBranch(FULL, "feature"),
    );
    expect(published.fix?.kind).toBe("refused");
    expect(comment).toContain('Required status check "ci" is expected.');
    expect(github!.branchFiles(FULL, "feature")["src/app.ts"]?.text).toBe(
      "export const answer = 42;\n",
    );
  });

  it("writes nothing to GitHub's git for a change under .github/, and the reply names the file", async () => {
    const { published, comment } = await fixAndPublish([
      EDIT,
      call("write_file", { path: ".github/workflows/ci.yml", content: "on: push\n" }),
      submit("Done."),
    ]);
    expect(published.fix).toBeUndefined();
    expect(comment).toContain("**Nothing was committed.**");
    expect(comment).toContain("`.github/workflows/ci.yml`");
    expect(github!.requests.filter((r) => r.path.includes("/git/"))).toEqual([]);
  });
});
