// The inputs of `/rivumi fix`: whether a fix may be committed, its limits, how it is verified and
// whether a failed CI run starts one by itself.
import { flag, optionalText, positiveInt } from "./input-types.js";

export const FIX_INPUTS = {
  /** Commit a `/rivumi fix` to the pull request's branch (the job needs `contents: write`). */
  "push-fixes": flag(false),
  /** Most files one fix commit may change. */
  "max-fix-files": positiveInt(20),
  /** Most lines (added plus removed) one fix commit may change. */
  "max-fix-lines": positiveInt(500),
  /** A shell command run in the confined workspace after the edits; the fix is committed only if it passes. */
  "verify-command": optionalText,
  /** Let the verify command reach the network (installing dependencies, say). */
  "verify-network": flag(false),
  /** Minutes the verify command may take before it is stopped (and counts as failed). */
  "verify-timeout-minutes": positiveInt(10),
  /** A triage of a failed run on a same-repository pull request starts a fix of its first cause. */
  "auto-fix": flag(false),
  /** Most fixes started from failed CI runs for one pull request and one failure signature. */
  "max-fix-attempts": positiveInt(2),
};

type Parsed = { [K in keyof typeof FIX_INPUTS]: ReturnType<(typeof FIX_INPUTS)[K]["parse"]> };

export type FixSettings = Readonly<{
  push: boolean;
  maxFiles: number;
  maxLines: number;
  verify: Readonly<{ command: string; network: boolean; timeoutMinutes: number }> | undefined;
  auto: boolean;
  maxAttempts: number;
}>;

export function fixSettings(v: Parsed): FixSettings {
  const command = v["verify-command"];
  return Object.freeze({
    push: v["push-fixes"],
    maxFiles: v["max-fix-files"],
    maxLines: v["max-fix-lines"],
    verify:
      command === undefined
        ? undefined
        : Object.freeze({
            command,
            network: v["verify-network"],
            timeoutMinutes: v["verify-timeout-minutes"],
          }),
    auto: v["auto-fix"],
    maxAttempts: v["max-fix-attempts"],
  });
}
