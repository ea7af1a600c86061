// Makes https://<resource>.openai.azure.com reachable in a test without leaving the machine:
// while installed, host names under .openai.azure.com resolve to 127.0.0.1 (plain HTTP, the
// emulator's port), so the adapter sees a real Azure base URL and decides by it.
import dns from "node:dns";

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: unknown,
  family?: number,
) => void;

const AZURE_SUFFIX = ".openai.azure.com";

/** `http://<resource>.openai.azure.com:<port>/openai/v1` for an emulator listening on `url`. */
export function azureUrl(emulatorUrl: string, resource = "rivumi-test"): string {
  const url = new URL(emulatorUrl);
  return `http://${resource}${AZURE_SUFFIX}:${url.port}${url.pathname}`;
}

let installed = 0;
let original: typeof dns.lookup | undefined;

/**
 * Installs the resolution; the function returned removes it. Counted, so tests running at once
 * each hold it until the last one is done.
 */
export function resolveAzureToLoopback(): () => void {
  if (installed++ === 0) {
    const real = dns.lookup;
    original = real;
    const patched = function (host: string, options: unknown, callback?: LookupCallback) {
      const cb = (typeof options === "function" ? options : callback) as LookupCallback;
      const opts = (typeof options === "object" && options !== null ? options : {}) as {
        all?: boolean;
      };
      if (!host.endsWith(AZURE_SUFFIX)) return Reflect.apply(real, dns, [host, options, callback]);
      if (opts.all) process.nextTick(cb, null, [{ address: "127.0.0.1", family: 4 }]);
      else process.nextTick(cb, null, "127.0.0.1", 4);
    };
    dns.lookup = patched as typeof dns.lookup;
  }
  let removed = false;
  return () => {
    if (removed) return;
    removed = true;
    if (--installed === 0 && original) dns.lookup = original;
  };
}
