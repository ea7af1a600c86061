// A runner's disk as hostile REPL code would find it: a checkout whose credentials
// actions/checkout persisted, the credentials file newer checkouts keep under RUNNER_TEMP, a
// home folder with a CLI's token, and a file that belongs to nobody's input. Everything is
// readable by any user (0755 folders, 0644 files), as on a runner, so that only the REPL's own
// confinement stands between the code and the secrets.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sh } from "./git-fixture.js";

export const RUNNER_TOKEN = "ghs_runnerCheckoutToken0123456789abcdEF";
export const HOME_TOKEN = "gho_homeCliToken0123456789abcdefghijKL";
export const OUTSIDE_TEXT = "not-an-input-0123456789-outside";

export interface RunnerSecrets {
  root: string;
  /** Name → path of each file the REPL must not read. */
  targets: Record<string, string>;
  /** The base64 of `x-access-token:<token>`, as the extraheader holds it. */
  basic: string;
  remove(): void;
}

export async function makeRunnerSecrets(): Promise<RunnerSecrets> {
  const root = mkdtempSync(join(tmpdir(), "rivumi-runner-"));
  chmodSync(root, 0o755);
  const checkout = join(root, "work", "widgets", "widgets");
  const temp = join(root, "work", "_temp");
  const home = join(root, "home");
  for (const d of [checkout, temp, join(home, ".config", "gh")]) mkdirSync(d, { recursive: true });
  const basic = Buffer.from(`x-access-token:${RUNNER_TOKEN}`).toString("base64");
  const header = `AUTHORIZATION: basic ${basic}`;
  await sh(checkout, "init", "-q");
  // actions/checkout v4/v5 with persist-credentials (the default): the header in .git/config.
  await sh(checkout, "config", "--local", "http.https://github.com/.extraheader", header);
  // Newer checkouts (actions/checkout, src/git-auth-helper.ts, getCredentialsConfigPath): the
  // header in $RUNNER_TEMP/git-credentials-<uuid>.config, pulled in by an includeIf in .git/config.
  const credentials = join(temp, "git-credentials-6f1e2c3a-9b8d-4e7f-a1b2-c3d4e5f60718.config");
  await sh(
    checkout,
    "config",
    "--file",
    credentials,
    "http.https://github.com/.extraheader",
    header,
  );
  await sh(checkout, "config", "--local", `includeIf.gitdir:${checkout}/.git.path`, credentials);
  writeFileSync(
    join(home, ".config", "gh", "hosts.yml"),
    `github.com:\n    oauth_token: ${HOME_TOKEN}\n`,
  );
  const outside = join(root, "outside.txt");
  writeFileSync(outside, `${OUTSIDE_TEXT}\n`);
  // As on a runner: every folder on the way is 0755, every file 0644.
  for (const d of [join(root, "work"), join(root, "work", "widgets"), checkout, temp, home])
    chmodSync(d, 0o755);
  for (const d of [join(checkout, ".git"), join(home, ".config"), join(home, ".config", "gh")])
    chmodSync(d, 0o755);
  for (const f of [join(checkout, ".git", "config"), credentials, outside]) chmodSync(f, 0o644);
  chmodSync(join(home, ".config", "gh", "hosts.yml"), 0o644);
  return {
    root,
    basic,
    targets: {
      "checkout .git/config": join(checkout, ".git", "config"),
      "RUNNER_TEMP credentials": credentials,
      "$HOME token": join(home, ".config", "gh", "hosts.yml"),
      "file outside the inputs": outside,
    },
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}
