// The suite starts python3 hundreds of times (every review's REPL probe, the RLM tests, the
// confinement tests). On a machine whose python3 is a version manager's shim (pyenv puts a bash
// script first on PATH), each start costs a third of a second of CPU before Python itself runs.
// The suite therefore puts the directory of the interpreter that python3 stands for first on
// PATH: the same Python, started directly. A machine without a shim gets its PATH back unchanged.
import { execFileSync } from "node:child_process";
import { dirname, delimiter } from "node:path";

export function pathWithoutPythonShim(path = process.env.PATH ?? ""): string {
  let executable = "";
  try {
    executable = execFileSync("python3", ["-c", "import sys; print(sys.executable)"], {
      env: { ...process.env, PATH: path },
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
      timeout: 10_000,
    }).trim();
  } catch {
    return path; // no python3: the tests that need one say so themselves
  }
  if (!executable.startsWith("/")) return path;
  const dir = dirname(executable);
  const dirs = path.split(delimiter);
  return dirs[0] === dir ? path : [dir, ...dirs.filter((d) => d !== dir)].join(delimiter);
}
