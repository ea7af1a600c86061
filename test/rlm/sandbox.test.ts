// The REPL's sandbox as root hands it to an unprivileged user: from then on that user owns the
// folder and may rename anything in it, so root must not write, chmod or chown by a name in it.
import {
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { prepareSandbox } from "../../src/rlm/sandbox.js";

const asRoot = process.getuid?.() === 0;
const dir = mkdtempSync(join(tmpdir(), "rivumi-sandbox-test-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.skipIf(!asRoot || process.platform !== "linux")("a sandbox filled as root", () => {
  it("fills the file it made, not one its name was swapped for while the copy ran", async () => {
    const source = join(dir, "input.log");
    writeFileSync(source, "line of a log\n".repeat(2_000_000)); // 28 MB: the copy takes a while
    const guarded = join(dir, "root-only");
    mkdirSync(guarded, { mode: 0o700 });
    const target = join(guarded, "secret");
    writeFileSync(target, "root's\n", { mode: 0o600 });

    const sandbox = await prepareSandbox({ path: source }, { kind: "uid", uid: 65534, gid: 65534 });
    try {
      // What the REPL's user may do in its folder: put a link where the input was.
      const made = join(sandbox.dir, "made-input.txt");
      const inode = statSync(sandbox.input).ino;
      renameSync(sandbox.input, made);
      symlinkSync(target, sandbox.input);
      await sandbox.filled;
      expect(readFileSync(target, "utf8")).toBe("root's\n");
      expect(statSync(target)).toMatchObject({ uid: 0, mode: 0o100600 });
      expect(lstatSync(sandbox.input).isSymbolicLink()).toBe(true);
      // the file the REPL's confinement was granted holds the input (its owner is the REPL
      // user's or, where the copy takes the original's owner as Node 24's does, root's)
      expect(statSync(made)).toMatchObject({ ino: inode, size: statSync(source).size });
      expect(readFileSync(made).equals(readFileSync(source))).toBe(true);
    } finally {
      await sandbox.remove();
    }
  });
});
