import { errorText } from "../util/error-text.js";
import { CliExit, EXIT } from "./exit.js";
import { UsageError } from "./usage-error.js";
import { VERSION } from "../version.js";
import { printErr } from "./output.js";
import { meant } from "./suggest.js";

/** Each command lives in its own module, loaded only when it runs. */
const COMMANDS: Record<
  string,
  { summary: string; load: () => Promise<{ run(argv: string[]): Promise<number> }> }
> = {
  review: {
    summary: "review HEAD and the working tree against a base",
    load: () => import("./review-command.js"),
  },
  instructions: {
    summary: "show which instruction documents apply, and why",
    load: () => import("./instructions-command.js"),
  },
  memory: {
    summary: "add, list or forget explicit memory entries (local store)",
    load: () => import("./memory-command.js"),
  },
  rlm: {
    summary: "answer a question about a file too large for a prompt (RLM engine)",
    load: () => import("./rlm-command.js"),
  },
  context: {
    summary: "print the prompt sections and the full system prompt",
    load: () => import("./context-command.js"),
  },
  journal: {
    summary: "view a run's journal as a page, its statistics, or replay it against another model",
    load: () => import("./journal-command.js"),
  },
  demo: {
    summary: "run the action on a sample pull request, offline, with a scripted model",
    load: () => import("./demo-command.js"),
  },
  triage: {
    summary: "point at the lines of a failed CI log that say why it failed (offline)",
    load: () => import("./triage-command.js"),
  },
};

const HELP = `usage: rivumi <command> [options]

commands:
${Object.entries(COMMANDS)
  .map(([name, c]) => `  ${name.padEnd(14)}${c.summary}`)
  .join("\n")}

Run 'rivumi help <command>' (or 'rivumi <command> --help') for a command's options; -v prints
the version.
Exit status: 0 done, 1 the run failed, 2 bad command line, 3 stopped at a limit, 130 Ctrl-C,
143 SIGTERM.`;

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === "--version" || command === "-v" || command === "-V" || command === "version") {
      process.stdout.write(`rivumi ${VERSION}\n`);
      return EXIT.ok;
    }
    if (command === undefined)
      throw new UsageError(
        `a command is required: ${Object.keys(COMMANDS).join(", ")}; see 'rivumi --help'`,
      );
    if (command === "help" && rest[0] !== undefined && !rest[0].startsWith("-"))
      return await (await commandNamed(rest[0]).load()).run(["--help"]);
    if (command === "--help" || command === "-h" || command === "help") {
      process.stdout.write(`${HELP}\n`);
      return EXIT.ok;
    }
    return await (await commandNamed(command).load()).run(rest);
  } catch (error) {
    // One line, always: the first line of the message (a usage error's usage follows it).
    const message = errorText(error);
    printErr(`rivumi: ${message.trim().split("\n")[0]}\n`);
    if (error instanceof CliExit) return error.code;
    return error instanceof UsageError ? EXIT.usage : EXIT.failed;
  }
}

/** The command of that name, else a usage error with the closest name. */
function commandNamed(name: string): (typeof COMMANDS)[string] {
  const entry = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (entry) return entry;
  const names = Object.keys(COMMANDS);
  throw new UsageError(
    `unknown command '${name}'${meant(name, names, "rivumi ")}; commands: ${names.join(", ")}`,
  );
}

process.exitCode = await main(process.argv.slice(2));
