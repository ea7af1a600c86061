// The verify command (#26, item 3): the workflow's shell command run on the workspace a model
// changed, treated as hostile. The real python3, confine.py and /bin/sh run here under the
// kernel's Landlock, as `nobody` (the drop from root) and as the action's own user.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type AddressInfo, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { runVerify, type VerifyOptions, type VerifyResult } from "../../src/fix/verify.js";
import { confinementTestSeam } from "../../src/rlm/confinement.js";
import { resolvePython, type PythonRuntime } from "../../src/rlm/python.js";
import { driverPath } from "../../src/rlm/sandbox.js";
import { sh } from "../support/git-fixture.js";
import {
  makeRunnerSecrets,
  OUTSIDE_TEXT,
  RUNNER_TOKEN,
  type RunnerSecrets,
} from "../support/runner-secrets.js";

const ABI = Number(
  execFileSync("python3", [
    "-c",
    "import ctypes; print(ctypes.CDLL(None).syscall(444, None, 0, 1))",
  ])
    .toString()
    .trim(),
);
const asRoot = process.getuid?.() === 0;
const SECRETS = {
  GITHUB_TOKEN: "ghs_verifyTestToken0123456789abcdefABCD",
  OPENAI_API_KEY: "sk-verifyTestKey0123456789abcdefghij",
  ACTIONS_RUNTIME_TOKEN: "actionsRuntime0123456789abcdef",
  "INPUT_GITHUB-TOKEN": "ghs_inputToken0123456789abcdefghijk",
};

let dir: string;
let workspace: string;
let secrets: RunnerSecrets;
let tcp: Server;
let connections = 0;
let own: PythonRuntime;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "rivumi-verify-test-"));
  // As the workspace is made: a shared clone of the runner's checkout, then the model's edit.
  const checkout = join(dir, "checkout");
  execFileSync("git", ["init", "-q", checkout]);
  writeFileSync(join(checkout, "sum.js"), "module.exports = (a, b) => a - b;\n");
  await sh(checkout, "add", ".");
  await sh(checkout, "commit", "-qm", "sum");
  workspace = join(dir, "workspace");
  execFileSync("git", ["clone", "-q", "--shared", checkout, workspace]);
  writeFileSync(join(workspace, "sum.js"), "module.exports = (a, b) => a + b;\n");
  secrets = await makeRunnerSecrets();
  tcp = createServer((s) => {
    connections++;
    s.destroy();
  });
  await new Promise<void>((done) => tcp.listen(0, "127.0.0.1", done));
  const found = await resolvePython();
  own = { ...found, identity: { kind: "self" }, reason: "the test's own user" };
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  secrets.remove();
  await new Promise((done) => tcp.close(done));
});
afterEach(() => {
  confinementTestSeam.simulate = undefined;
});

const port = () => (tcp.address() as AddressInfo).port;
const CONNECT = () =>
  `node -e "require('net').connect(${port()}, '127.0.0.1').on('connect', () => { console.log('connected'); process.exit(0) }).on('error', (e) => { console.log('refused', e.code); process.exit(7) })"`;

function verify(command: string, options: Partial<VerifyOptions> = {}): Promise<VerifyResult> {
  return runVerify({
    root: workspace,
    command,
    network: false,
    timeoutMs: 60_000,
    redact: (text) => text,
    ...options,
  });
}

function ran(r: VerifyResult) {
  if (r.kind === "not-run") throw new Error(`not run: ${r.reason}`);
  return r;
}

const IDENTITIES = [
  { name: "nobody (dropped from root)", runtime: () => undefined, runs: asRoot },
  { name: "the action's own user", runtime: () => own, runs: true },
];

describe.runIf(ABI >= 1)(`the verify command under Landlock (this kernel: ABI ${ABI})`, () => {
  for (const identity of IDENTITIES) {
    describe.runIf(identity.runs)(`as ${identity.name}`, () => {
      const run = (command: string, options: Partial<VerifyOptions> = {}) =>
        verify(command, {
          ...(identity.runtime() ? { runtime: identity.runtime()! } : {}),
          ...options,
        });

      it("passes with the model's edit, where node, npm and git work", async () => {
        const r = ran(
          await run(
            "node -e \"const sum = require('./sum.js'); console.log('sum(2, 3) =', sum(2, 3)); process.exit(sum(2, 3) === 5 ? 0 : 1)\" && npm --version && git status --short && git log --format=%s",
          ),
        );
        expect(r).toMatchObject({ kind: "passed", exitCode: 0, timedOut: false });
        expect(r.tail).toMatch(/^sum\(2, 3\) = 5\n\d+\.\d+\.\d+\n M sum\.js\nsum$/);
        expect(r.confinement).toMatch(
          new RegExp(
            `landlock ABI ${ABI} \\(fs[^)]*\\).*seccomp \\(sockets, io_uring, keyrings\\); no network$`,
          ),
        );
        expect(r.confinement).toContain(
          identity.name.startsWith("nobody") ? "uid 65534" : "same user",
        );
      });

      it("fails with the command's exit code and its last lines, stderr among stdout", async () => {
        const r = ran(
          await run(
            'echo "running 2 tests"; echo "FAIL sum adds" >&2; echo "1 of 2 failed"; exit 3',
          ),
        );
        expect(r).toMatchObject({ kind: "failed", exitCode: 3, timedOut: false });
        expect(r.tail).toBe("running 2 tests\nFAIL sum adds\n1 of 2 failed");
        expect(r.outputBytes).toBe(Buffer.byteLength(r.tail) + 1);
      });

      it("has no token, key, input or runner variable in its environment", async () => {
        const saved = { ...process.env };
        Object.assign(process.env, SECRETS, { RUNNER_TEMP: join(secrets.root, "work", "_temp") });
        try {
          const r = ran(await run("env"));
          for (const value of Object.values(SECRETS)) expect(r.tail).not.toContain(value);
          const names = r.tail.split("\n").map((line) => line.split("=")[0]);
          expect(
            names.filter(
              (n) =>
                !["PATH", "HOME", "TMPDIR", "LANG", "TZ", "CI", "PWD", "SHLVL", "_"].includes(n!),
            ),
          ).toEqual([]);
          expect(r.tail).toMatch(/^CI=true$/m);
          expect(r.tail).toMatch(/^HOME=.*rivumi-verify-[^/]+\/home$/m);
        } finally {
          for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k];
          Object.assign(process.env, saved);
        }
      });

      it("reads no credential, home, temp, /proc of another process or the workspace itself", async () => {
        const targets = {
          ...secrets.targets,
          "the host's environ": "/proc/$PPID/environ",
          "pid 1": "/proc/1/cmdline",
          "/etc/shadow": "/etc/shadow",
        };
        const lines = Object.values(targets).map((p) => `cat "${p}" 2>&1 | head -c 200; echo`);
        const r = ran(
          await run(
            [
              ...lines,
              `ls "${workspace}" 2>&1`,
              `echo x > "${workspace}/planted" 2>&1`,
              "echo hacked > sum.js",
              "ls / 2>&1",
              "echo done",
            ].join("\n"),
          ),
        );
        expect(r.kind).toBe("passed");
        expect(r.tail).not.toContain(RUNNER_TOKEN);
        expect(r.tail).not.toContain(secrets.basic);
        expect(r.tail).not.toContain("oauth_token");
        expect(r.tail).not.toContain(OUTSIDE_TEXT);
        const refusals = r.tail.match(/Permission denied/g) ?? [];
        expect(refusals.length).toBe(Object.keys(targets).length + 3);
        // It changed its copy; the workspace, from which the commit is made, is as the model left it.
        expect(readFileSync(join(workspace, "sum.js"), "utf8")).toContain("a + b");
        expect(existsSync(join(workspace, "planted"))).toBe(false);
      });

      it("reaches no socket without verify-network, and does with it", async () => {
        const before = connections;
        const refused = ran(await run(CONNECT()));
        expect(refused).toMatchObject({ kind: "failed", exitCode: 7 });
        expect(refused.tail).toBe("refused EACCES");
        expect(connections).toBe(before);
        const allowed = ran(await run(CONNECT(), { network: true }));
        expect(allowed).toMatchObject({ kind: "passed", tail: "connected" });
        expect(allowed.confinement).toMatch(/seccomp \(io_uring, keyrings\); network allowed/);
        expect(connections).toBe(before + 1);
      });
    });
  }

  it("kills the command and what it started when the time is up", async () => {
    const r = ran(await verify("sleep 4141 & echo started; wait", { timeoutMs: 3000 }));
    expect(r).toMatchObject({ kind: "failed", exitCode: null, timedOut: true, tail: "started" });
    expect(running("sleep 4141")).toEqual([]);
  });

  it("kills them on cancellation, and rejects with the reason", async () => {
    const controller = new AbortController();
    const pending = verify("sleep 4242 & sleep 4243; wait", { signal: controller.signal });
    await until(() => running("sleep 4243").length > 0 && running("sleep 4242").length > 0);
    controller.abort(new Error("the run was cancelled"));
    await expect(pending).rejects.toThrow("the run was cancelled");
    expect([...running("sleep 4242"), ...running("sleep 4243")]).toEqual([]);
    expect(
      readdirSync(tmpdir()).filter((n) => n.startsWith("rivumi-verify-") && !n.includes("test")),
    ).toEqual([]);
  });

  it("does not wait for a process that left the group and holds the output open", async () => {
    try {
      const r = ran(await verify("setsid sh -c 'sleep 4646' & echo started"));
      expect(r).toMatchObject({ kind: "passed", tail: "started" });
    } finally {
      for (const pid of running("sleep 4646")) process.kill(pid, "SIGKILL");
    }
  });

  it("says so when python3 cannot start, and runs nothing", async () => {
    const runtime = { ...own, executable: join(dir, "no-python3") };
    const r = await verify("echo ran", { runtime });
    expect(r).toEqual({
      kind: "not-run",
      reason: expect.stringMatching(/python3 could not start: .*ENOENT/),
    });
  });

  it("keeps only the tail of megabytes of output, redacted", async () => {
    const secret = "sk-printedByTheCommand0123456789";
    const r = ran(
      await verify(
        `head -c 5000000 /dev/zero | tr '\\0' 'x' | fold -w 100; echo; echo "key ${secret} leaked"; echo last`,
        {
          redact: (text) => text.replaceAll(secret, "[REDACTED]"),
        },
      ),
    );
    expect(r.outputBytes).toBe(5_050_000 + `key ${secret} leaked\nlast\n`.length);
    expect(r.tail.split("\n")).toHaveLength(60);
    expect(Buffer.byteLength(r.tail)).toBeLessThanOrEqual(8 * 1024);
    expect(r.tail).toMatch(/^x{100}\n[^]*\nkey \[REDACTED\] leaked\nlast$/);
    expect(r.tail).not.toContain(secret);
  });

  for (const simulate of ["landlock", "seccomp"] as const) {
    it(`runs nothing when ${simulate} cannot be applied, and says why`, async () => {
      confinementTestSeam.simulate = simulate;
      const before = connections;
      const r = await verify(CONNECT(), { network: true });
      expect(r.kind).toBe("not-run");
      expect(r.kind === "not-run" && r.reason).toMatch(
        simulate === "landlock"
          ? /could not be confined: Landlock is not available/
          : /could not be confined: the seccomp filter/,
      );
      expect(r.kind === "not-run" && r.reason).toMatch(/nothing ran$/);
      expect(connections).toBe(before);
    });
  }
});

/** Processes whose command line is `text`, read from /proc. */
function running(text: string): number[] {
  const found: number[] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (readFileSync(`/proc/${name}/cmdline`, "utf8").replaceAll("\0", " ").trim() === text)
        found.push(Number(name));
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 1000 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
  expect(check()).toBe(true);
}

describe("the command profile's seccomp filter", () => {
  const verdicts = (sockets: boolean) => {
    const script = `import json, sys
ns = {"__name__": "confine"}
exec(open(sys.argv[1]).read(), ns)
def run(prog, nr):
    data, pc, acc = {0: nr, 4: 0xC000003E}, 0, 0
    while True:
        code, jt, jf, k = prog[pc]
        if code == 0x20: acc = data[k]; pc += 1
        elif code == 0x15: pc += 1 + (jt if acc == k else jf)
        elif code == 0x35: pc += 1 + (jt if acc >= k else jf)
        elif code == 0x06: return {0x7FFF0000: "allow", 0x5000D: "EACCES", 0x50001: "EPERM", 0x80000000: "kill"}[k]
prog = ns["seccomp_program"]("x86_64", sys.argv[2] == "1")
print(json.dumps([run(prog, nr) for nr in (41, 0x40000000 + 41, 425, 250, 0, 53)]))`;
    const out = execFileSync("python3", [
      "-c",
      script,
      driverPath("confine.py"),
      sockets ? "1" : "0",
    ]);
    return JSON.parse(out.toString()) as string[];
  };

  it("refuses socket() without verify-network and allows it with it; io_uring and keyrings never", () => {
    // socket, x32 socket, io_uring_setup, keyctl, read, socketpair
    expect(verdicts(true)).toEqual(["EACCES", "EPERM", "EPERM", "EPERM", "allow", "allow"]);
    expect(verdicts(false)).toEqual(["allow", "EPERM", "EPERM", "EPERM", "allow", "allow"]);
  });
});
