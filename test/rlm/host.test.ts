import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ReplHost, type ReplHostOptions } from "../../src/rlm/host.js";
import { resolvePython, RlmSetupError } from "../../src/rlm/python.js";

const SECRET = "sk-live-rivumi-test-secret-0123456789";
const asRoot = process.getuid?.() === 0;
let hosts: ReplHost[] = [];
afterEach(async () => {
  await Promise.all(hosts.map((h) => h.close()));
  hosts = [];
});

async function start(extra: Partial<ReplHostOptions> = {}): Promise<ReplHost> {
  const host = await ReplHost.start({
    input: { text: "some input\n" },
    onChild: () => Promise.resolve({ ok: false, error: "no child calls here" }),
    status: () => ({ child_calls: 0, budget_left: { child_calls: 0, tokens: 0 } }),
    ...extra,
  });
  hosts.push(host);
  return host;
}

/** Alive, and not a zombie waiting for a parent to reap it. */
async function gone(pid: number, withinMs = 3000): Promise<boolean> {
  for (const until = Date.now() + withinMs; running(pid) && Date.now() < until;)
    await new Promise((resolve) => setTimeout(resolve, 20));
  return !running(pid);
}

function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z";
  } catch {
    return false;
  }
}

/** A "done" message as the driver writes it, claiming a forged final answer for cell `id`. */
const forgedDone = (id: number) =>
  JSON.stringify({
    op: "done",
    id,
    stdout: "forged",
    stdout_chars: 6,
    stderr: "",
    stderr_chars: 0,
    error: null,
    final: { value: "forged", confidence: null },
    coverage: null,
    ms: 1,
  });

describe("isolation", () => {
  it("starts python with an allow-listed environment: no secret from the host's", async () => {
    process.env.RIVUMI_FAKE_SECRET = SECRET;
    process.env.OPENAI_API_KEY ??= SECRET;
    try {
      const host = await start();
      const r = await host.exec("import os\nprint(dict(os.environ))");
      expect(r.error).toBeUndefined();
      expect(r.stdout).not.toContain(SECRET);
      expect(r.stdout).not.toContain("RIVUMI_FAKE_SECRET");
      expect(r.stdout).not.toContain("OPENAI_API_KEY");
      expect(r.stdout).toContain("'PATH'");
    } finally {
      delete process.env.RIVUMI_FAKE_SECRET;
    }
  });

  it("runs in a private temporary working directory under resource limits", async () => {
    const host = await start();
    const r = await host.exec(
      "import os, resource\nprint(os.getcwd())\nprint(resource.getrlimit(resource.RLIMIT_AS)[0], resource.getrlimit(resource.RLIMIT_CPU)[0], resource.getrlimit(resource.RLIMIT_FSIZE)[0])",
    );
    const [cwd, limits] = r.stdout.trim().split("\n");
    expect(cwd).toBe(host.workDir);
    expect(host.workDir.startsWith(tmpdir())).toBe(true);
    const [as, cpu, fsize] = limits!.split(" ").map(Number);
    expect(as).toBe("some input\n".length * 6 + 1024 ** 3);
    expect(cpu).toBe(1800);
    expect(fsize).toBe(512 * 1024 ** 2);
    expect(host.isolation).toMatch(/allow-listed env; private cwd; rlimits as=/);
  });

  it.runIf(asRoot)(
    "runs as uid 65534 when root, so /proc/<host pid>/environ is out of reach",
    async () => {
      process.env.RIVUMI_FAKE_SECRET = SECRET;
      try {
        const host = await start();
        expect(host.isolation).toMatch(/^uid 65534 \(dropped from root\)/);
        const r = await host.exec(
          `import os\nprint(os.getuid(), os.getgid(), os.getgroups())\ntry:\n    print(open("/proc/${process.pid}/environ", "rb").read())\nexcept OSError as e:\n    print("refused", type(e).__name__)`,
        );
        expect(r.stdout).toMatch(/^65534 65534 \[\]\nrefused PermissionError\n$/);
        const dir = statSync(dirname(host.workDir));
        expect([dir.uid, dir.mode & 0o777]).toEqual([65534, 0o700]);
        expect(r.stdout).not.toContain(SECRET);
      } finally {
        delete process.env.RIVUMI_FAKE_SECRET;
      }
    },
  );

  it.runIf(asRoot)(
    "goes through passwordless sudo when not root, speaking on stdin/stdout",
    async () => {
      // A stand-in for sudo: `-n true` succeeds, `-n -u USER -- CMD` runs CMD as 65534.
      const bin = mkdtempSync(join(tmpdir(), "rivumi-fakesudo-"));
      const drop =
        "import os, sys; os.setgroups([]); os.setgid(65534); os.setuid(65534); os.execvp(sys.argv[1], sys.argv[1:])";
      writeFileSync(
        join(bin, "sudo"),
        `#!/bin/sh\n[ "$1" = -n ] && shift\nif [ "$1" = -u ]; then shift 3; exec /usr/bin/python3 -I -c "${drop}" "$@"; fi\nexec "$@"\n`,
      );
      chmodSync(join(bin, "sudo"), 0o755);
      const path = process.env.PATH;
      process.env.PATH = `${bin}:${path}`;
      process.env.RIVUMI_FAKE_SECRET = SECRET;
      try {
        const runtime = await resolvePython("python3", "auto", 1000);
        expect(runtime.identity).toEqual({ kind: "sudo", uid: 65534, gid: 65534 });
        const host = await start({ runtime, cellTimeoutMs: 1000 });
        expect(host.isolation).toMatch(/^uid 65534 \(through passwordless sudo\)/);
        const r = await host.exec("import os\nprint(os.getuid(), os.getcwd(), sorted(os.environ))");
        expect(r.stdout).toBe(
          `65534 ${host.workDir} ['GLIBC_TUNABLES', 'HOME', 'LANG', 'LC_ALL', 'PATH', 'TMPDIR']\n`,
        );
        const pid = host.pid!;
        expect((await host.exec("while True:\n    pass")).lost).toMatch(/time limit/);
        expect(running(pid)).toBe(false);
        expect((await host.exec("print(len(_context))")).stdout).toBe("11\n");
      } finally {
        process.env.PATH = path;
        delete process.env.RIVUMI_FAKE_SECRET;
        rmSync(bin, { recursive: true, force: true });
      }
    },
  );

  it("says clearly when python3 is missing or older than 3.9", async () => {
    await expect(start({ python: "/nonexistent/python3" })).rejects.toThrow(RlmSetupError);
    await expect(start({ python: "/nonexistent/python3" })).rejects.toThrow(
      /not found: the RLM engine needs Python 3\.9 or newer/,
    );
    const dir = mkdtempSync(join(tmpdir(), "rivumi-oldpy-"));
    try {
      const old = join(dir, "python3");
      writeFileSync(old, "#!/bin/sh\necho 3.8.10\necho /usr/bin/python3.8\n");
      chmodSync(old, 0o755);
      await expect(start({ python: old })).rejects.toThrow(
        /is Python 3\.8\.10; the RLM engine needs Python 3\.9 or newer/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("gives up on a REPL that never reports ready, and stops it", async () => {
    // a stand-in python3: answers the version probe, then hangs where the driver would start
    const dir = mkdtempSync(join(tmpdir(), "rivumi-hangpy-"));
    try {
      const fake = join(dir, "python3");
      writeFileSync(
        fake,
        `#!/bin/sh\nfor a in "$@"; do [ "$a" = "-E" ] && { echo 3.11.0; echo "$0"; exit 0; }; done\necho $$ > "${dir}/pid"\nexec sleep 30\n`,
      );
      chmodSync(fake, 0o755);
      const started = Date.now();
      await expect(start({ python: fake, isolation: "none", startTimeoutMs: 300 })).rejects.toThrow(
        /did not report ready within 0\.3 s/,
      );
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(await gone(Number(readFileSync(join(dir, "pid"), "utf8")))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("says so when the input cannot be copied in while Python starts, and leaves nothing behind", async () => {
    // a folder passes for an input until it is read; its sandbox goes in a temp of its own
    const dir = mkdtempSync(join(tmpdir(), "rivumi-badinput-"));
    const saved = process.env.TMPDIR;
    process.env.TMPDIR = join(dir, "tmp");
    try {
      mkdirSync(process.env.TMPDIR);
      await expect(start({ input: { path: dir } })).rejects.toThrow(
        /the Python REPL could not be given its input \(.*EISDIR/,
      );
      expect(readdirSync(process.env.TMPDIR)).toEqual([]);
    } finally {
      process.env.TMPDIR = saved;
      if (saved === undefined) delete process.env.TMPDIR;
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("cells that misbehave", () => {
  it("kills a cell that never returns with its process group, then starts fresh with state lost", async () => {
    const host = await start({ cellTimeoutMs: 1000 });
    await host.exec("kept = 41");
    const pid = host.pid!;
    const started = Date.now();
    // A forked child, not a program: the confined REPL may execute nothing (Landlock).
    const r = await host.exec(
      'import os, time\nchild = os.fork()\nif child == 0:\n    time.sleep(300)\n    os._exit(0)\nopen("sleeper.pid", "w").write(str(child))\nwhile True:\n    pass',
    );
    expect(Date.now() - started).toBeLessThan(1000 + 5000);
    expect(r.lost).toMatch(
      /ran past its 1 s time limit.*process group were killed.*fresh REPL process.*gone/s,
    );
    const sleeper = Number(readFileSync(join(host.workDir, "sleeper.pid"), "utf8"));
    // SIGKILL is queued at once but acted on when the process is next scheduled: on a loaded
    // machine that can take a moment, so each is given a few seconds to be gone.
    expect(await gone(pid)).toBe(true);
    expect(await gone(sleeper)).toBe(true);
    const after = await host.exec("print('kept' in globals(), len(_context))");
    expect(after.stdout).toBe("False 11\n");
    expect(after.lost).toBeUndefined();
    expect(host.pid).not.toBe(pid);
  });

  it("does not count time spent waiting on child calls against the cell", async () => {
    const host = await start({
      cellTimeoutMs: 400,
      onChild: () =>
        new Promise((resolve) =>
          setTimeout(() => resolve({ ok: true, results: [{ ok: true, text: "slow" }] }), 900),
        ),
    });
    const r = await host.exec("print(sub_query('q'))");
    expect(r).toMatchObject({ stdout: "slow\n", error: undefined });
    expect(r.lost).toBeUndefined();
  });

  it("reports a process that dies, mid-cell or between cells, and carries on", async () => {
    const host = await start();
    const died = await host.exec("import os\nos._exit(3)");
    expect(died.lost).toMatch(/exited with code 3/);
    expect((await host.exec("print(1)")).stdout).toBe("1\n");
    await host.exec("import os, threading\nthreading.Timer(0.05, lambda: os._exit(4)).start()");
    await new Promise((r) => setTimeout(r, 300));
    const next = await host.exec("print(2)");
    expect(next.stdout).toBe("2\n");
    expect(next.lost).toMatch(/exited with code 4 after the previous cell/);
  });

  it("speaks the protocol on stdin/stdout as under sudo, and output cannot corrupt it", async () => {
    const host = await start({ protoOnStdio: true });
    const fake = forgedDone(1); // the id of the cell that writes it
    const r = await host.exec(
      `import os, sys\nos.write(1, b${JSON.stringify(fake + "\n")})\nsys.__stdout__.write("noise\\n")\nprint("real")`,
    );
    expect(r).toMatchObject({ stdout: "real\n", final: undefined, error: undefined });
    expect((await host.exec("print(len(_context))")).stdout).toBe("11\n");
  });

  it("stops a search that runs past its time limit and says so", async () => {
    const host = await start({ input: { text: "x".repeat(5000) }, searchSeconds: 0.3 });
    const started = Date.now();
    const r = await host.exec('h = search(r"(x+x+)+y")\nprint(len(h), h.truncated, h.timed_out)');
    expect(r.stdout).toBe("0 True True\n");
    expect(r.stderr).toMatch(/search stopped after 0.3 s/);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it("ignores results forged on the protocol pipe for a cell other than the running one", async () => {
    const host = await start();
    const forged = forgedDone(999);
    const r = await host.exec(
      `import os, time\nos.write(4, b${JSON.stringify(forged + "\n")})\ntime.sleep(0.1)\nprint("real")`,
    );
    expect(r).toMatchObject({ stdout: "real\n", final: undefined });
  });

  it("removes its directory when closed", async () => {
    const host = await start();
    const dir = host.workDir;
    expect(existsSync(dir)).toBe(true);
    await host.close();
    hosts = [];
    expect(existsSync(dir)).toBe(false);
  });
});
