// A whole review of a generated pull request through the bundled action: about 20,000 files and
// 50 MB of diff against one of 1 MB (quick, in CI: 4,000 files / 10 MB against 300 / 1 MB), with a
// scripted zero-latency model and a token budget large enough for every hunk. It measures what
// issue #10 asks: every hunk examined, the RLM root's largest request flat in the diff's size,
// prompt characters sent per character of diff, and the action's own time (wall time less the
// time the model server had a call open) against `git diff -M` alone in the same repository, with
// the rename limit the action runs with for that pull request (issue #28), git's default beside.
import { spawn } from "node:child_process";
import {
  closeSync,
  copyFileSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gitEnv } from "../src/workspace/git.js";
import { RLM_SYSTEM_PROMPT } from "../src/rlm/prompt.js";
import { createActionWorld, FULL, PR } from "../test/support/action-world.js";
import { makeBigPr, type BigPr } from "../test/support/big-pr.js";
import { sh } from "../test/support/git-fixture.js";
import { isReviewChild, messageText, type RecordedRequest } from "../test/support/model-server.js";
import { median, type Bench, type BenchResult } from "./harness.js";

const MB = 1e6;
/** Issue #28: the action's own time at most this many times git's, overall and at the margin. */
const OWN_TARGET = 3;
/**
 * What quick mode fails on, for the marginal ratio at its size: the target with room for a
 * machine that other jobs load (5.2–8.6x was seen at 12 MB on a loaded 2-core machine).
 */
const QUICK_MARGINAL_LIMIT = 15;

interface Size {
  files: number;
  bytes: number;
}

interface Measured {
  size: Size;
  diffBytes: number;
  hunksTotal: number;
  hunksExamined: number;
  conclusion: string;
  wallMs: number;
  modelMs: number;
  peakRss: number;
  gitDiffMs: number;
  /** `git diff -M` with the rename limit the action sizes for the pull request. */
  gitDiffLimitMs: number;
  renameLimit: number;
  rootMaxChars: number;
  /** Characters of every request's messages, and of the child requests' system prompts. */
  sentChars: number;
  overheadChars: number;
  requests: number;
  /** Child reviewers' requests, and the batches the journal says they answered. */
  childRequests: number;
  batches: number;
  /** Requests sent again: repair turns of malformed replies, and refused parameters. */
  repairs: number;
  refusals: number;
  comment: string;
}

const requestChars = (r: RecordedRequest) =>
  r.body.messages.reduce((n, m) => n + messageText(m).length, 0);

/** Bytes of `git diff -M <merge-base> <head>`. */
function diffSize(pr: BigPr): Promise<number> {
  return new Promise((resolve, reject) => {
    let bytes = 0;
    const child = spawn("git", ["diff", "-M", pr.base, pr.head], {
      cwd: pr.root,
      env: gitEnv(),
      stdio: ["ignore", "pipe", "ignore"],
    });
    child.stdout.on("data", (chunk: Buffer) => (bytes += chunk.length));
    child.once("error", reject);
    child.once("close", () => resolve(bytes));
  });
}

/**
 * The rename limit the action's hunk index runs with (see `buildHunkIndex`): git's default stops
 * inexact rename detection at a thousand files, which is cheaper but not the same diff.
 */
async function actionRenameLimit(pr: BigPr): Promise<number> {
  const names = await sh(pr.root, "diff", "--no-renames", "--name-only", "-z", pr.base, pr.head);
  return Math.max(1000, 2 * names.split("\0").filter(Boolean).length);
}

/** `git diff -M <merge-base> <head>` with its output thrown away, in milliseconds. */
async function gitDiffMs(pr: BigPr, extra: string[] = []): Promise<number> {
  const devNull = openSync("/dev/null", "w");
  const started = performance.now();
  try {
    await new Promise<void>((resolve, reject) => {
      const child = spawn("git", ["diff", "-M", ...extra, pr.base, pr.head], {
        cwd: pr.root,
        env: gitEnv(),
        stdio: ["ignore", devNull, "ignore"],
      });
      child.once("error", reject);
      child.once("close", (code) => (code === 0 ? resolve() : reject(new Error(`git ${code}`))));
    });
  } finally {
    closeSync(devNull);
  }
  return performance.now() - started;
}

async function measure(size: Size): Promise<Measured> {
  const pr = await makeBigPr({ files: size.files, diffBytes: size.bytes });
  const scratch = mkdtempSync(join(tmpdir(), "rivumi-bench-review-"));
  try {
    // The generated repository is the origin; the runner's checkout shares its objects.
    await sh(pr.root, "update-ref", `refs/pull/${PR}/head`, pr.head);
    const checkout = join(scratch, "checkout");
    await sh(scratch, "clone", "-q", "--shared", "--no-checkout", pr.root, checkout);
    const rssFile = join(scratch, "rss");
    const hook = join(scratch, "rss.mjs");
    writeFileSync(
      hook,
      `import { writeFileSync } from "node:fs";\nprocess.on("exit", () => writeFileSync(${JSON.stringify(rssFile)}, String(process.resourceUsage().maxRSS * 1024)));\n`,
    );
    const world = await createActionWorld({
      git: {
        dir: scratch,
        origin: pr.root,
        checkout,
        baseSha: pr.base,
        branchPoint: pr.base,
        headSha: pr.head,
        cleanup: () => undefined,
      },
      noPullFiles: true,
      // The RLM root of the merge: it finalizes at once.
      modelFallback: (req) =>
        messageText(req.body.messages[0]!) === RLM_SYSTEM_PROMPT
          ? { content: '```repl\nfinalize("Reviewed by the benchmark.")\n```' }
          : { content: "not expected" },
    });
    try {
      // git is timed once before the action and twice after it, so that a change in the machine's
      // load during the run moves both sides of the ratio alike.
      const renameLimit = await actionRenameLimit(pr);
      const limited = [`-l${renameLimit}`];
      const gitBefore = { plain: await gitDiffMs(pr), limited: await gitDiffMs(pr, limited) };
      const started = performance.now();
      const run = await world.run({
        inputs: { "max-tokens": "50000000", "timeout-minutes": "30" },
        env: {
          NODE_OPTIONS: [`--import ${hook}`, process.env.RIVUMI_BENCH_NODE_OPTIONS ?? ""].join(" "),
        },
        timeoutMs: 30 * 60_000,
      });
      const wallMs = performance.now() - started;
      if (run.exitCode !== 0) throw new Error(`the action failed: ${run.stderr.slice(-2000)}`);
      const keep = process.env.RIVUMI_BENCH_JOURNAL;
      if (keep && run.outputs["journal-file"])
        copyFileSync(run.outputs["journal-file"], `${keep}.${size.files}.jsonl`);
      const requests = world.model.requests;
      const roots = requests.filter((r) => messageText(r.body.messages[0]!) === RLM_SYSTEM_PROMPT);
      const childRequests = requests.filter(isReviewChild);
      return {
        size,
        diffBytes: await diffSize(pr),
        hunksTotal: Number(run.outputs["hunks-total"]),
        hunksExamined:
          Number(run.outputs["hunks-examined"]) + Number(run.outputs["hunks-excluded"]),
        conclusion: run.outputs.conclusion ?? "",
        wallMs,
        modelMs: world.model.busyMs(),
        peakRss: Number(readFileSync(rssFile, "utf8")),
        gitDiffMs: median([gitBefore.plain, await gitDiffMs(pr), await gitDiffMs(pr)]),
        gitDiffLimitMs: median([
          gitBefore.limited,
          await gitDiffMs(pr, limited),
          await gitDiffMs(pr, limited),
        ]),
        renameLimit,
        rootMaxChars: Math.max(0, ...roots.map(requestChars)),
        sentChars: requests.reduce((n, r) => n + requestChars(r), 0),
        overheadChars: childRequests.reduce(
          (n, r) => n + messageText(r.body.messages[0]!).length,
          0,
        ),
        requests: requests.length,
        childRequests: childRequests.length,
        ...journalCounts(run.outputs["journal-file"]),
        comment: world.github.issueComments(FULL, PR)[0]?.body ?? "",
      };
    } finally {
      await world.close();
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
    await pr.remove();
  }
}

/** What the run's journal says of its child batches and of requests sent a second time. */
function journalCounts(file: string | undefined) {
  const events = (file ? readFileSync(file, "utf8") : "")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as { type?: string; repaired?: boolean });
  const batches = events.filter((e) => e.type === "review.batch");
  return {
    batches: batches.length,
    repairs: batches.filter((e) => e.repaired === true).length,
    refusals: events.filter((e) => e.type === "model.negotiated").length,
  };
}

const fmt = (n: number) => n.toLocaleString("en-US", { maximumFractionDigits: 2 });

const bench: Bench = async ({ quick }) => {
  // RIVUMI_BENCH_LARGE=files:megabytes measures another large size, for profiling.
  const [files, megabytes] = (process.env.RIVUMI_BENCH_LARGE ?? "").split(":").map(Number);
  const large = await measure(
    files && megabytes
      ? { files, bytes: megabytes * MB }
      : quick
        ? { files: 4_000, bytes: 10 * MB }
        : { files: 20_000, bytes: 50 * MB },
  );
  const small = await measure({ files: 300, bytes: 1 * MB });
  const label = (m: Measured) => `${fmt(m.size.files)} files / ${fmt(m.diffBytes / MB)} MB`;
  if (process.env.RIVUMI_BENCH_COMMENT) process.stdout.write(`${large.comment}\n`);
  const results: BenchResult[] = [];
  for (const m of [large, small]) {
    results.push({
      name: `review ${label(m)}: hunks examined or excluded of the total`,
      median: m.hunksExamined / m.hunksTotal,
      unit: "share",
      target: "= 1 (every hunk)",
      ok: m.hunksExamined === m.hunksTotal && m.conclusion === "success",
      failsQuick: true,
      quickLimit: "= 1 (every hunk)",
      detail: `${fmt(m.hunksExamined)} of ${fmt(m.hunksTotal)}, conclusion ${m.conclusion}, ${fmt(m.requests)} model requests, wall ${fmt(m.wallMs / 1000)} s, peak RSS ${fmt(m.peakRss / MB)} MB`,
    });
  }
  // Structured replies and the adapter's negotiation cost nothing while replies are well formed
  // and no parameter is refused: one request a child batch, as before them.
  const extra = small.childRequests - small.batches;
  results.push({
    name: `review ${label(small)}: extra child requests with well-formed replies`,
    median: extra,
    unit: "requests",
    target: "= 0",
    ok: extra === 0 && small.repairs === 0 && small.refusals === 0,
    failsQuick: true,
    quickLimit: "= 0",
    detail: `${fmt(small.requests)} model requests: ${fmt(small.childRequests)} child requests for ${fmt(small.batches)} batches, ${fmt(small.repairs)} repairs, ${fmt(small.refusals)} refused parameters`,
  });
  results.push({
    name: `review largest RLM root request, ${label(large)} over ${label(small)}`,
    median: large.rootMaxChars / small.rootMaxChars,
    unit: "x",
    target: "<= 1.1x",
    ok: large.rootMaxChars <= 1.1 * small.rootMaxChars,
    failsQuick: large.rootMaxChars > 1.5 * small.rootMaxChars,
    quickLimit: "<= 1.5x",
    detail: `${fmt(large.rootMaxChars)} vs ${fmt(small.rootMaxChars)} characters`,
  });
  const sentRatio = (large.sentChars - large.overheadChars) / large.diffBytes;
  results.push({
    name: `review prompt characters sent per diff character, ${label(large)}`,
    median: sentRatio,
    unit: "x",
    target: "<= 1.5x plus a fixed prompt per call",
    ok: sentRatio <= 1.5,
    failsQuick: sentRatio > 2.5,
    quickLimit: "<= 2.5x plus a fixed prompt per call",
    detail: `${fmt(large.sentChars / MB)} MB sent in ${fmt(large.requests)} requests, of which ${fmt(large.overheadChars / MB)} MB are the child prompts (${fmt(large.overheadChars / Math.max(1, large.requests))} characters a call)`,
  });
  // Issue #28's targets, against `git diff -M` with the rename limit the action needs for the pull
  // request (git's default gives up inexact renames past 1,000 files: a cheaper, different diff,
  // shown beside). The absolute ratio holds a fixed cost (start-up, clone, the REPL, publishing,
  // the artifact) that dwarfs git's time on a small diff, so quick mode, at its smaller size,
  // enforces only the marginal ratio (what the extra megabytes cost the action over what they
  // cost git), with room for a loaded machine.
  const ownOf = (m: Measured) => m.wallMs - m.modelMs;
  const ratio = (own: number, git: number) => own / Math.max(1, git);
  const own = ownOf(large);
  results.push({
    name: `review ${label(large)}: the action's own time over git diff -M with its rename limit`,
    median: ratio(own, large.gitDiffLimitMs),
    unit: "x",
    target: `<= ${OWN_TARGET}x`,
    ok: own <= OWN_TARGET * large.gitDiffLimitMs,
    failsQuick: false,
    detail: `${fmt(own / 1000)} s of ${fmt(large.wallMs / 1000)} s wall (model server busy ${fmt(large.modelMs / 1000)} s), git diff -M -l${large.renameLimit} ${fmt(large.gitDiffLimitMs / 1000)} s; with git's default rename limit ${fmt(large.gitDiffMs / 1000)} s, ${fmt(ratio(own, large.gitDiffMs))}x (not enforced)`,
  });
  const more = ownOf(large) - ownOf(small);
  const gitMore = large.gitDiffLimitMs - small.gitDiffLimitMs;
  const marginal = ratio(more, gitMore);
  const plainMore = large.gitDiffMs - small.gitDiffMs;
  results.push({
    name: `review marginal own time over git diff -M with its rename limit, ${label(large)} less ${label(small)}`,
    median: marginal,
    unit: "x",
    target: `<= ${OWN_TARGET}x`,
    ok: marginal <= OWN_TARGET,
    failsQuick: marginal > QUICK_MARGINAL_LIMIT,
    quickLimit: `<= ${QUICK_MARGINAL_LIMIT}x`,
    detail: `${fmt(more / 1000)} s more for the action (${fmt(ownOf(small) / 1000)} s at the small size), ${fmt(gitMore / 1000)} s more for git (-l${small.renameLimit} ${fmt(small.gitDiffLimitMs / 1000)} s at the small size); with git's default rename limit ${fmt(plainMore / 1000)} s more, ${fmt(ratio(more, plainMore))}x (not enforced)`,
  });
  return results;
};

export default bench;
