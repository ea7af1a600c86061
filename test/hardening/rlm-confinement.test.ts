// Class: model-written REPL code that reaches for secrets or the network (issue 21, item 1). A
// hostile log steers the RLM root into code that reads what the REPL's user can read, re-encodes
// it and finalizes it: redaction cannot catch an encoding the code invents, so the REPL confines
// itself (Landlock, seccomp) before any such code runs. The real driver and python3 run here,
// under the kernel's Landlock, as `nobody` (the drop from root) and as the action's own user.
// Each probe also runs once with `sandbox: "none"` to show the fixture is readable and reachable
// without the confinement: the refusals below are the confinement's, not the file modes'.
import { execFileSync } from "node:child_process";
import { createSocket, type Socket } from "node:dgram";
import { createServer, type AddressInfo, type Server } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { writeFileSync } from "node:fs";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { RlmOptions } from "../../src/rlm/engine.js";
import { driverPath } from "../../src/rlm/sandbox.js";
import { makeRunnerSecrets, RUNNER_TOKEN, type RunnerSecrets } from "../support/runner-secrets.js";
import { repl, rlmWorld, type RlmWorld } from "../rlm/scripted.js";

/** The kernel's Landlock ABI, asked the way the driver asks; 0 without Landlock. */
const ABI = Number(
  execFileSync("python3", [
    "-c",
    "import ctypes; print(ctypes.CDLL(None).syscall(444, None, 0, 1))",
  ])
    .toString()
    .trim(),
);
const asRoot = process.getuid?.() === 0;

let secrets: RunnerSecrets;
let tcp: Server;
let tcpConnections = 0;
let udp: Socket;
let udpMessages = 0;
let world: RlmWorld | undefined;

beforeAll(async () => {
  secrets = await makeRunnerSecrets();
  tcp = createServer((s) => {
    tcpConnections++;
    s.destroy();
  });
  await new Promise<void>((done) => tcp.listen(0, "127.0.0.1", done));
  udp = createSocket("udp4");
  udp.on("message", () => udpMessages++);
  await new Promise<void>((done) => udp.bind(0, "127.0.0.1", done));
});
afterAll(async () => {
  secrets.remove();
  await new Promise((done) => tcp.close(done));
  await new Promise<void>((done) => udp.close(done));
});
afterEach(async () => {
  await world?.close();
  world = undefined;
});

const port = (s: Server | Socket) => (s.address() as AddressInfo).port;

/** Hostile code: every read it can think of, reversed and base64'd, and every way out. */
function hostileCell(): string {
  const targets = JSON.stringify(JSON.stringify(secrets.targets));
  return `import base64, errno, json, os, socket, subprocess
seen = {}
def attempt(name, action):
    try:
        seen[name] = "done " + action()
    except OSError as e:
        seen[name] = "refused " + errno.errorcode.get(e.errno, str(e.errno))
def grab(path):
    with open(path, "rb") as f:
        return base64.b64encode(f.read()[::-1]).decode()
for name, path in json.loads(${targets}).items():
    attempt(name, lambda p=path: grab(p))
attempt("parent environ", lambda: grab("/proc/%d/environ" % os.getppid()))
attempt("list /", lambda: ",".join(os.listdir("/")))
attempt("signal the host", lambda: (os.kill(os.getppid(), 0), "signalled")[1])
def tcp():
    socket.create_connection(("127.0.0.1", ${port(tcp)}), timeout=5).close()
    return "connected"
def udp():
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    s.sendto(b"leak", ("127.0.0.1", ${port(udp)}))
    return "sent"
attempt("tcp connect", tcp)
attempt("udp send", udp)
attempt("netlink", lambda: str(socket.socket(socket.AF_NETLINK, socket.SOCK_RAW, 0).fileno()))
attempt("unix socket", lambda: str(socket.socket(socket.AF_UNIX).fileno()))
attempt("run a program", lambda: subprocess.run(["/bin/cat", "/proc/self/status"], capture_output=True).stdout[:20].decode())
print(json.dumps(seen))
finalize(json.dumps(seen))`;
}

/** What each attempt came to, and what a reversed base64 answer decodes to. */
async function probe(options: Partial<RlmOptions>) {
  world = await rlmWorld({ root: [repl(hostileCell())] });
  const result = await world.run({ input: { text: "a CI log\n" }, ...options });
  expect(result.finalized).toBe(true);
  const seen = JSON.parse(result.answer) as Record<string, string>;
  const read = (name: string) => {
    const v = seen[name] ?? "";
    return v.startsWith("done ")
      ? Buffer.from(v.slice(5), "base64").reverse().toString("utf8")
      : undefined;
  };
  const started = world.journal.events.find((e) => e.type === "rlm.started");
  return { seen, read, result, started, journal: JSON.stringify(world.journal.events) };
}

const IDENTITIES = [
  // Root drops the REPL to nobody; .git/config and RUNNER_TEMP are still 0644 on a runner.
  { name: "nobody (dropped from root)", options: {}, runs: asRoot },
  // A self-hosted runner without sudo: the REPL is the action's own user (here: root itself).
  { name: "the action's own user", options: { isolation: "none" as const }, runs: true },
];

describe.runIf(ABI >= 1)(`the RLM REPL under Landlock (this kernel: ABI ${ABI})`, () => {
  for (const identity of IDENTITIES) {
    describe.runIf(identity.runs)(`as ${identity.name}`, () => {
      it("reads no credential, $HOME, /proc or outside file, and reaches no socket or program", async () => {
        const before = { tcp: tcpConnections, udp: udpMessages };
        const { seen, started, journal, result } = await probe(identity.options);
        // Signals outside the REPL's domain are scoped from ABI 6; below it the user's own
        // processes stay reachable (nobody has none but its REPL).
        if (ABI < 6) delete seen["signal the host"];
        for (const [name, outcome] of Object.entries(seen))
          expect(outcome, name).toMatch(/^refused E(ACCES|PERM)$/);
        expect(Object.keys(seen).length).toBeGreaterThanOrEqual(11);
        expect({ tcp: tcpConnections, udp: udpMessages }).toEqual(before);
        for (const text of [journal, result.answer]) {
          expect(text).not.toContain(RUNNER_TOKEN);
          expect(text).not.toContain(secrets.basic);
        }
        // The journal says what applied, and which paths were granted: none of the runner's.
        expect(started).toMatchObject({
          confinement: { sandbox: "landlock", applied: true, abi: ABI, fs: true, seccomp: true },
        });
        const c = (started as { confinement: { read: string[]; write: string[]; net: boolean } })
          .confinement;
        expect(c.net).toBe(ABI >= 4);
        expect(c.write).toHaveLength(1);
        expect(c.write[0]).toMatch(/rivumi-rlm-[^/]+\/work$/);
        for (const p of [...c.read, ...c.write]) {
          expect(secrets.root.startsWith(p), p).toBe(false);
          expect(p.startsWith(secrets.root), p).toBe(false);
          expect(p).not.toMatch(/^\/(proc|home|etc\/(?!ld\.so\.cache$))/);
          expect(["/", "/root", "/tmp", "/usr", "/etc", tmpdir()]).not.toContain(p);
        }
        expect((started as { isolation: string }).isolation).toMatch(
          new RegExp(`landlock ABI ${ABI} \\(fs[^)]*\\); seccomp`),
        );
      });

      it("without the confinement (rlm-sandbox: none) the same code gets them", async () => {
        const before = { tcp: tcpConnections, udp: udpMessages };
        const { read, seen, started } = await probe({ ...identity.options, sandbox: "none" });
        expect(read("checkout .git/config")).toContain(secrets.basic);
        expect(read("RUNNER_TEMP credentials")).toContain(secrets.basic);
        expect(read("$HOME token")).toContain("oauth_token");
        expect(read("file outside the inputs")).toContain("outside");
        expect(seen["tcp connect"]).toBe("done connected");
        expect(seen["udp send"]).toBe("done sent");
        // The other user's process is out of reach for nobody by its file modes; for the
        // action's own user only the confinement keeps its environment (inputs, keys) away.
        if (identity.options.isolation === "none") {
          expect(read("parent environ")).toMatch(/PATH=/);
          expect(seen["signal the host"]).toBe("done signalled");
        }
        await until(() => tcpConnections > before.tcp && udpMessages > before.udp);
        expect(started).toMatchObject({ confinement: { sandbox: "none", applied: false } });
        expect((started as { isolation: string }).isolation).toMatch(/UNCONFINED/);
      });

      it("still does the RLM's work: helpers, scratch files, the standard library, child calls", async () => {
        const log = Array.from({ length: 3000 }, (_, i) =>
          i % 500 === 7 ? `${i} ERROR disk full` : `${i} ok`,
        ).join("\n");
        world = await rlmWorld({
          root: [
            repl(
              'meta = context_meta()\nhits = search(r"ERROR")\nparts = chunk(max_chars=8000)\ncov = chunk_coverage(parts)\nprint(meta["lines"], len(hits), cov["complete"], peek(1, 1, unit="lines"))',
            ),
            repl(
              [
                "import statistics, decimal, csv, io, hashlib, collections, threading",
                'answers = sub_query_batch("Any errors?", parts[:3], dependency_mode="independent")',
                'one = sub_query("Summarise", hits[0]["snippet"])',
                'open("notes.txt", "w").write("\\n".join(answers))',
                "kept = open('notes.txt').read().count('ok:')",
                "mean = statistics.mean(h['line'] for h in hits)",
                'finalize(f"{len(hits)} errors, mean line {mean}, {kept} child answers, {one[:3]}", confidence="high")',
              ].join("\n"),
            ),
          ],
        });
        const r = await world.run({ input: { text: log }, ...identity.options });
        expect(r.answer).toBe("6 errors, mean line 1258, 3 child answers, ok:");
        expect(world.requests("child")).toHaveLength(4);
        const cells = world.journal.events.filter((e) => e.type === "rlm.cell");
        expect(cells[0]).toMatchObject({ output: "3000 6 True 0 ok\n" });
        expect(cells.every((e) => !(e as { error?: string }).error)).toBe(true);
      });
    });
  }
});

describe.runIf(ABI >= 1)("the grants of a Python whose site-packages adds folders", () => {
  it("leave out what a .pth file put on sys.path (an editable install of the checkout)", async () => {
    const venv = join(secrets.root, "venv");
    execFileSync("/usr/bin/python3", ["-m", "venv", "--without-pip", venv]);
    const checkout = dirname(dirname(secrets.targets["checkout .git/config"]!));
    const [site] = execFileSync(join(venv, "bin", "python3"), [
      "-I",
      "-c",
      "import site; print(site.getsitepackages()[0])",
    ])
      .toString()
      .split("\n");
    writeFileSync(join(site!, "editable.pth"), `${checkout}\n`);
    const { seen, started } = await probe({
      python: join(venv, "bin", "python3"),
      isolation: "none",
    });
    expect(seen["checkout .git/config"]).toMatch(/^refused EACCES$/);
    const c = (started as { confinement: { read: string[] } }).confinement;
    expect(c.read.some((p) => checkout.startsWith(p) || p.startsWith(checkout))).toBe(false);
  });
});

/**
 * The seccomp filter for both architectures the driver knows, run by a small BPF interpreter:
 * only x86_64 can run here, so aarch64's numbers are checked this way.
 */
describe("the seccomp filter", () => {
  const verdicts = (cases: [string, number, number][]) => {
    const script = `import json, sys
ns = {"__name__": "confine"}
exec(open(sys.argv[1]).read(), ns)
def run(prog, arch, nr):
    data, pc = {0: nr, 4: arch}, 0
    acc = 0
    while True:
        code, jt, jf, k = prog[pc]
        if code == 0x20: acc = data[k]; pc += 1
        elif code == 0x15: pc += 1 + (jt if acc == k else jf)
        elif code == 0x35: pc += 1 + (jt if acc >= k else jf)
        elif code == 0x06: return {0x7FFF0000: "allow", 0x5000D: "EACCES", 0x50001: "EPERM", 0x80000000: "kill"}[k]
print(json.dumps([run(ns["seccomp_program"](m), a, n) for m, a, n in json.loads(sys.argv[2])]))`;
    const out = execFileSync("python3", [
      "-c",
      script,
      driverPath("confine.py"),
      JSON.stringify(cases),
    ]);
    return JSON.parse(out.toString()) as string[];
  };
  const [X86, I386, ARM64, ARM] = [0xc000003e, 0x40000003, 0xc00000b7, 0x40000028];

  it("refuses socket() with EACCES, io_uring and keyrings with EPERM, and kills another arch", () => {
    expect(
      verdicts([
        ["x86_64", X86, 41], // socket
        ["x86_64", X86, 0x40000000 + 41], // x32 socket
        ["x86_64", X86, 425], // io_uring_setup
        ["x86_64", X86, 250], // keyctl
        ["x86_64", X86, 0], // read
        ["x86_64", X86, 53], // socketpair: the pipes' kind, harmless
        ["x86_64", I386, 102], // i386 socketcall through int 0x80
        ["aarch64", ARM64, 198], // socket
        ["aarch64", ARM64, 426], // io_uring_enter
        ["aarch64", ARM64, 219], // keyctl
        ["aarch64", ARM64, 63], // read
        ["aarch64", ARM, 281], // 32-bit ARM socket
      ]),
    ).toEqual([
      "EACCES",
      "EPERM",
      "EPERM",
      "EPERM",
      "allow",
      "allow",
      "kill",
      "EACCES",
      "EPERM",
      "EPERM",
      "allow",
      "kill",
    ]);
  });
});

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
}
