// Finds a python3 the REPL can use and decides who it runs as.
import { execFile } from "node:child_process";

/** The REPL could not be set up (no python3, too old, it would not start). */
export class RlmSetupError extends Error {
  override readonly name = "RlmSetupError";
  readonly phase = "rlm.setup";
}

/** Who the REPL process runs as. */
export type Identity =
  | { kind: "self" }
  | { kind: "uid"; uid: number; gid: number }
  | { kind: "sudo"; uid: number; gid: number };

export interface PythonRuntime {
  /** Absolute path of the interpreter. */
  executable: string;
  version: string;
  identity: Identity;
  /** Why the identity is what it is, for the journal. */
  reason: string;
}

/** `nobody` on Debian, Ubuntu and the GitHub runners. */
export const UNPRIVILEGED = 65534;
const MIN: [number, number] = [3, 9];
// -E -s rather than -I: an old Python 2 must still answer with its version.
const PROBE = "import sys; print('%d.%d.%d' % tuple(sys.version_info[:3])); print(sys.executable)";
const cache = new Map<string, Promise<PythonRuntime>>();

type Probe = { version: string; executable: string } | { missing: boolean; detail: string };

interface Ran {
  error?: NodeJS.ErrnoException;
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a short command to its end without blocking the event loop; never rejects. */
function run(
  file: string,
  args: string[],
  options: { timeout: number; cwd?: string; env?: NodeJS.ProcessEnv; uid?: number; gid?: number },
): Promise<Ran> {
  return new Promise((resolve) => {
    try {
      execFile(file, args, { encoding: "utf8", ...options }, (error, stdout, stderr) => {
        const code = (error as { code?: unknown } | null)?.code;
        resolve({
          // A non-zero exit is a status, not an error: only a failure to start is one.
          ...(error && typeof code === "string" ? { error: error as NodeJS.ErrnoException } : {}),
          status: error ? (typeof code === "number" ? code : 1) : 0,
          stdout,
          stderr,
        });
      });
    } catch (error) {
      resolve({ error: error as NodeJS.ErrnoException, status: null, stdout: "", stderr: "" });
    }
  });
}

async function probe(command: string[], as?: { uid: number; gid: number }): Promise<Probe> {
  const [file, ...args] = command;
  const res = await run(file!, [...args, "-E", "-s", "-c", PROBE], {
    timeout: 15_000,
    cwd: "/",
    env: { PATH: process.env.PATH ?? "/usr/local/bin:/usr/bin:/bin", LANG: "C.UTF-8" },
    ...(as ?? {}),
  });
  if (res.error) return { missing: res.error.code === "ENOENT", detail: res.error.message };
  const [version, executable] = res.stdout.trim().split("\n");
  if (res.status !== 0 || !version || !executable)
    return { missing: false, detail: (res.stderr || res.stdout).trim().slice(0, 300) };
  return { version: version.trim(), executable: executable.trim() };
}

function recentEnough(version: string): boolean {
  const [major = 0, minor = 0] = version.split(".").map(Number);
  return major > MIN[0] || (major === MIN[0] && minor >= MIN[1]);
}

async function sudoWorks(): Promise<boolean> {
  const res = await run("sudo", ["-n", "true"], { timeout: 5_000 });
  return !res.error && res.status === 0;
}

/** A python3 of at least 3.9, run as an unprivileged user where the machine allows it. */
export function resolvePython(
  requested = "python3",
  isolation: "auto" | "none" = "auto",
  uid = process.getuid?.(),
): Promise<PythonRuntime> {
  const key = `${requested}\0${isolation}\0${uid}`;
  let found = cache.get(key);
  if (!found) {
    found = resolveNow(requested, isolation, uid);
    found.catch(() => cache.delete(key));
    cache.set(key, found);
  }
  return found;
}

async function resolveNow(
  requested: string,
  isolation: "auto" | "none",
  uid: number | undefined,
): Promise<PythonRuntime> {
  const own = await probe([requested]);
  if ("missing" in own)
    throw new RlmSetupError(
      own.missing
        ? `${requested} was not found: the RLM engine needs Python ${MIN.join(".")} or newer (standard library only) on PATH`
        : `${requested} did not report its version: ${own.detail}`,
    );
  if (!recentEnough(own.version))
    throw new RlmSetupError(
      `${requested} is Python ${own.version}; the RLM engine needs Python ${MIN.join(".")} or newer`,
    );
  const self = (reason: string): PythonRuntime => ({
    executable: own.executable,
    version: own.version,
    identity: { kind: "self" },
    reason,
  });
  if (isolation === "none") return self("isolation turned off");

  const asRoot = uid === 0;
  const viaSudo = !asRoot && process.platform !== "win32" && (await sudoWorks());
  if (!asRoot && !viaSudo)
    return self("not root and no passwordless sudo, so the REPL runs as the current user");
  // The interpreter found on PATH may sit where the unprivileged user cannot reach (pyenv under
  // /root, say); the system's own python3 usually can.
  const candidates = [own.executable];
  if (requested === "python3") candidates.push("/usr/bin/python3", "/usr/local/bin/python3");
  const ids = { uid: UNPRIVILEGED, gid: UNPRIVILEGED };
  for (const candidate of [...new Set(candidates)]) {
    const seen = asRoot
      ? await probe([candidate], ids)
      : await probe(["sudo", "-n", "-u", `#${UNPRIVILEGED}`, "--", candidate]);
    if ("version" in seen && recentEnough(seen.version))
      return {
        executable: seen.executable,
        version: seen.version,
        identity: { kind: asRoot ? "uid" : "sudo", ...ids },
        reason: asRoot ? "dropped from root" : "through passwordless sudo",
      };
  }
  return self(`no Python ${MIN.join(".")}+ that uid ${UNPRIVILEGED} can run was found`);
}
