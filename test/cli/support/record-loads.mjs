// A module hook for `node --import`: appends the URL of every module the process loads to the
// file named by RIVUMI_RECORD_LOADS, one per line, so a test can see what a command loaded.
import { appendFileSync } from "node:fs";
import { register } from "node:module";

const file = process.env.RIVUMI_RECORD_LOADS;
if (file) {
  const { port1, port2 } = new MessageChannel();
  port1.on("message", (url) => appendFileSync(file, `${url}\n`));
  port1.unref();
  register(
    "data:text/javascript," +
      encodeURIComponent(
        "let port; export function initialize(data) { port = data.port; }" +
          "export async function load(url, context, next) { port.postMessage(url); return next(url, context); }",
      ),
    { data: { port: port2 }, transferList: [port2] },
  );
}
