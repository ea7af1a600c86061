/**
 * One local writer for the concurrency test, run as its own process:
 *   node append-worker.mjs <store> <writer> <count>   (bundled by file-store.test.ts)
 * Each round adds a unique entry through the CLI and offers a row whose id every writer shares,
 * so lost lines, interleaved lines and double writes all show up in the store. The writers wait
 * for `<store>.go` before they start, so that they run at the same time.
 */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { runMemory } from "../../../src/cli/memory-command.js";
import { createFileStore } from "../../../src/context/memory/file-store.js";

const [file = "", writer = "", count = "0"] = process.argv.slice(2);
const store = createFileStore(file);
// Control characters escape to six bytes each: a line far over PIPE_BUF (4096 bytes).
const filler = "\u0001".repeat(900);
// Start together: say ready, then wait for the test's go, so the writers really collide.
mkdirSync(dirname(file), { recursive: true });
writeFileSync(`${file}.ready-${writer}`, "");
while (!existsSync(`${file}.go`)) await new Promise((r) => setTimeout(r, 2));
for (let i = 0; i < Number(count); i++) {
  // Every writer offers the same row first, at nearly the same moment.
  await store.append({
    v: 1,
    id: `m-shared${i}`,
    type: "project-fact",
    text: `shared ${i} from ${writer}`,
    user: writer,
    project: "acme/widgets",
    created_at: new Date().toISOString(),
  });
  await runMemory(
    [
      "add",
      "--type",
      "fact",
      "--text",
      `${writer} #${i} ${filler}`,
      "--user",
      writer,
      "--project",
      "acme/widgets",
      "--store",
      file,
    ],
    { env: {}, cwd: process.cwd(), stdout: () => {} },
  );
}
