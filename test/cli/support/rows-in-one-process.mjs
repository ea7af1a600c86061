// Runs many `rivumi ARGS` command lines in one Node process, for the CLI table's rows that end
// before any work (bad arguments, help): the built dist/cli.js is imported once and its exported
// `main` called per row, which is what the bin does with process.argv. Each row's exit status is
// main's return value (the bin sets it as process.exitCode); its stdout and stderr are what it
// wrote through process.stdout and process.stderr. A fresh process per row cost a third of a
// second of CPU each, most of the table's time.
//
//   node rows-in-one-process.mjs CLI ROWS.json OUT.json
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [cli, rowsFile, outFile] = process.argv.slice(2);
const rows = JSON.parse(readFileSync(rowsFile, "utf8"));

/** Calls `fn` with writes to stdout and stderr captured instead of printed. */
async function captured(fn) {
  const out = [];
  const err = [];
  const write = (sink) => (chunk, encoding, done) => {
    sink.push(typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8"));
    const callback = typeof encoding === "function" ? encoding : done;
    if (callback) queueMicrotask(() => callback());
    return true;
  };
  const [stdoutWrite, stderrWrite] = [process.stdout.write, process.stderr.write];
  process.stdout.write = write(out);
  process.stderr.write = write(err);
  try {
    const value = await fn();
    return { value, stdout: out.join(""), stderr: err.join("") };
  } finally {
    process.stdout.write = stdoutWrite;
    process.stderr.write = stderrWrite;
  }
}

// Importing the bin runs it once with process.argv: make that run print the version, quietly.
process.argv = [process.argv[0], cli, "--version"];
const { value: module } = await captured(() => import(pathToFileURL(cli).href));
if (process.exitCode !== 0 && process.exitCode !== undefined)
  throw new Error(`importing ${cli} with --version exited ${process.exitCode}`);
const results = [];
for (const args of rows) {
  const { value: exit, stdout, stderr } = await captured(() => module.main(args));
  results.push({ args, exit, stdout, stderr });
}
process.exitCode = 0;
writeFileSync(outFile, JSON.stringify(results));
