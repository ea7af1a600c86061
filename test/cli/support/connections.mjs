// Loaded into a CLI under test with `--import`: every connection the process opens is written to
// the file named by RIVUMI_TEST_CONNECTIONS ("host:port", one a line), and one to any host but
// the loopback is refused before a name is looked up or a byte is sent. A test can then show
// what was (or was not) sent, with no way to reach the network.
import { appendFileSync } from "node:fs";
import net from "node:net";

const LOOPBACK = new Set(["127.0.0.1", "::1", "localhost"]);
const log = process.env.RIVUMI_TEST_CONNECTIONS;
const connect = net.Socket.prototype.connect;

net.Socket.prototype.connect = function (...args) {
  // Node passes its own normalized [options, callback] pair, or the public forms.
  const first = Array.isArray(args[0]) ? args[0][0] : args[0];
  const options =
    typeof first === "object" && first !== null ? first : { port: first, host: args[1] };
  if (options.path === undefined) {
    const host = String(options.host ?? "localhost");
    if (log) appendFileSync(log, `${host}:${String(options.port)}\n`);
    if (!LOOPBACK.has(host)) throw new Error(`test guard: no connection to ${host} from a test`);
  }
  return connect.apply(this, args);
};
