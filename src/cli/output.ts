// What the command line prints. In a workflow step its stdout and stderr are the runner's log,
// whose lines the runner reads for workflow commands, and the CLI prints model answers, log lines
// and pull request text: everything goes through here, unable to issue a command.
import { neutralizeLog, neutralizeLogJson } from "../util/workflow-commands.js";

/** Prints text to stdout; `##[` and a leading `::` are broken with look-alikes. */
export function printOut(text: string): void {
  process.stdout.write(neutralizeLog(text));
}

/** Prints JSON (or the HTML page whose data is JSON) to stdout, decoding to the same values. */
export function printJson(json: string): void {
  process.stdout.write(neutralizeLogJson(json));
}

/** Prints text to stderr, as `printOut` does. */
export function printErr(text: string): void {
  process.stderr.write(neutralizeLog(text));
}
