/**
 * A loopback GitHub Actions *results service*: enough of the Twirp artifact API and of the
 * Azure-blob upload protocol that the real `@actions/artifact` v6 client
 * (`new DefaultArtifactClient().uploadArtifact(...)`) uploads for real, and a test can read the
 * uploaded files back.
 *
 * Protocol (see /work/shared/ECOSYSTEM.md):
 * 1. The client decodes ACTIONS_RUNTIME_TOKEN (a JWT, unverified); its `scp` claim carries
 *    `Actions.Results:<run backend id>:<job backend id>`.
 * 2. Twirp JSON `POST /twirp/github.actions.results.api.v1.ArtifactService/CreateArtifact`
 *    answers `{ ok, signed_upload_url }`.
 * 3. The Azure SDK uploads to that URL: `PUT ?comp=block&blockid=…` per block, then
 *    `PUT ?comp=blocklist` with an XML block list. The URL is IP-style
 *    (`/account/container/blob`), which is how the SDK treats a 127.0.0.1 host.
 * 4. `FinalizeArtifact` with `size` and `hash: "sha256:<hex>"` answers `{ ok, artifact_id }`.
 *
 * Like the real service, artifact names are unique per workflow run: a second CreateArtifact
 * with a name already used answers 409 (Twirp `already_exists`).
 *
 * The client retries 5xx (and 429) five times starting at 3 s: tests of failures should make
 * this server answer a 4xx (see `failCreateArtifact`).
 */
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { crc32, inflateRawSync } from "node:zlib";

const SERVICE = "github.actions.results.api.v1.ArtifactService";
const TWIRP_PREFIX = `/twirp/${SERVICE}/`;
const BLOB_ACCOUNT = "rivumi";
const BLOB_CONTAINER = "actions-results";

/** A Twirp error as the service would send it. */
export interface TwirpFailure {
  /** HTTP status; use a 4xx, the client retries 5xx/429 with multi-second backoff. */
  status: number;
  /** Twirp error code, e.g. `permission_denied`, `invalid_argument`. */
  code?: string;
  msg?: string;
}

export interface ResultsServerOptions {
  /** Workflow run backend id placed in the token's scope (default: a random UUID). */
  runBackendId?: string;
  /** Workflow job run backend id placed in the token's scope (default: a random UUID). */
  jobBackendId?: string;
  /** Make every CreateArtifact call fail with this Twirp error. */
  failCreateArtifact?: TwirpFailure;
  /** First artifact id handed out (default 1000). */
  firstArtifactId?: number;
}

export interface StoredArtifact {
  id: number;
  name: string;
  runBackendId: string;
  jobBackendId: string;
  /** `mime_type` sent by the client (`application/zip` unless `skipArchive`). */
  mimeType: string | undefined;
  /** `expires_at` sent by the client, if any (RFC 3339). */
  expiresAt: string | undefined;
  version: number | undefined;
  createdAt: Date;
  /** Signature expected in the `sig` query parameter of blob requests. */
  sig: string;
  /** Absolute signed upload URL given to the client. */
  signedUploadUrl: string;
  /** Blocks staged but not yet committed, by block id (base64). */
  stagedBlocks: Map<string, Buffer>;
  /** The committed blob (the zip, or the raw file with `skipArchive`), once committed. */
  blob: Buffer | undefined;
  finalized: boolean;
  /** Size and `sha256:<hex>` sent with FinalizeArtifact. */
  size: number | undefined;
  digest: string | undefined;
  /** Files by path inside the artifact (zip entries; or the single raw file). Set on finalize. */
  files: Map<string, Buffer>;
}

export interface RecordedRequest {
  method: string;
  /** Path without the query string. */
  path: string;
  query: Record<string, string>;
  /** Twirp method name for Twirp calls (`CreateArtifact`, …). */
  twirpMethod: string | undefined;
  /** Parsed JSON body for Twirp calls. */
  body: unknown;
  status: number;
}

export interface ResultsServer {
  /** `http://127.0.0.1:<port>` (no trailing slash). */
  url: string;
  runtimeToken: string;
  runBackendId: string;
  jobBackendId: string;
  /** The variables a runner sets for the artifact client to work against this server. */
  env(): Record<string, string>;
  /** Artifacts by name (a single workflow run). */
  artifacts: Map<string, StoredArtifact>;
  requests: RecordedRequest[];
  /** Contents of a file of a finalized artifact, as UTF-8. Throws when missing. */
  readArtifactFile(name: string, path: string): string;
  /** Contents of a file of a finalized artifact, as bytes. Throws when missing. */
  readArtifactBytes(name: string, path: string): Buffer;
  /** Make CreateArtifact fail from now on (`undefined` to stop failing). */
  failCreateArtifact(failure: TwirpFailure | undefined): void;
  /**
   * Make FinalizeArtifact fail from now on, after the blob was uploaded (`undefined` to stop
   * failing): the artifact is created but never becomes one a user can download.
   */
  failFinalizeArtifact(failure: TwirpFailure | undefined): void;
  close(): Promise<void>;
}

class TwirpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    msg: string,
  ) {
    super(msg);
  }
}

function base64url(value: string): string {
  return Buffer.from(value, "utf8").toString("base64url");
}

/** An unsigned JWT (`alg: none`) with the scope the artifact client looks for. */
export function makeRuntimeToken(runBackendId: string, jobBackendId: string): string {
  const now = Math.floor(Date.now() / 1000);
  const header = base64url(JSON.stringify({ typ: "JWT", alg: "none" }));
  const payload = base64url(
    JSON.stringify({
      scp: `Actions.ExampleScope Actions.Results:${runBackendId}:${jobBackendId}`,
      nbf: now - 60,
      iat: now - 60,
      exp: now + 6 * 3600,
      iss: "rivumi-test-results-server",
      aud: "vso:rivumi",
    }),
  );
  return `${header}.${payload}.`;
}

/**
 * Runs `fn` with the given variables set in `process.env`, restoring the previous values
 * (and absences) afterwards, even when `fn` throws.
 */
export async function withProcessEnv<T>(
  vars: Record<string, string | undefined>,
  fn: () => Promise<T> | T,
): Promise<T> {
  const saved = new Map<string, string | undefined>();
  for (const [key, value] of Object.entries(vars)) {
    saved.set(key, process.env[key]);
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  try {
    return await fn();
  } finally {
    for (const [key, value] of saved) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
}

/** An entry of a zip archive. */
export interface ZipEntry {
  path: string;
  data: Buffer;
  isDirectory: boolean;
}

/**
 * A minimal zip reader: walks the central directory (so data descriptors, which streaming
 * writers such as archiver use, need no special handling), supports stored and deflated
 * entries, and checks sizes and CRC-32. No zip64, no encryption.
 */
export function readZip(zip: Buffer): ZipEntry[] {
  const EOCD = 0x06054b50;
  const CDH = 0x02014b50;
  const LFH = 0x04034b50;
  let eocd = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) {
    if (zip.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new Error("zip: end of central directory not found");
  const count = zip.readUInt16LE(eocd + 10);
  const cdSize = zip.readUInt32LE(eocd + 12);
  let offset = zip.readUInt32LE(eocd + 16);
  if (count === 0xffff || cdSize === 0xffffffff || offset === 0xffffffff) {
    throw new Error("zip: zip64 archives are not supported");
  }
  const entries: ZipEntry[] = [];
  for (let n = 0; n < count; n++) {
    if (zip.readUInt32LE(offset) !== CDH) throw new Error(`zip: bad central header at ${offset}`);
    const flags = zip.readUInt16LE(offset + 8);
    const method = zip.readUInt16LE(offset + 10);
    const crc = zip.readUInt32LE(offset + 16);
    const compressedSize = zip.readUInt32LE(offset + 20);
    const size = zip.readUInt32LE(offset + 24);
    const nameLength = zip.readUInt16LE(offset + 28);
    const extraLength = zip.readUInt16LE(offset + 30);
    const commentLength = zip.readUInt16LE(offset + 32);
    const localOffset = zip.readUInt32LE(offset + 42);
    const path = zip.toString("utf8", offset + 46, offset + 46 + nameLength);
    offset += 46 + nameLength + extraLength + commentLength;

    if (flags & 0x1) throw new Error(`zip: ${path} is encrypted`);
    if (zip.readUInt32LE(localOffset) !== LFH) throw new Error(`zip: bad local header for ${path}`);
    const dataStart =
      localOffset + 30 + zip.readUInt16LE(localOffset + 26) + zip.readUInt16LE(localOffset + 28);
    const raw = zip.subarray(dataStart, dataStart + compressedSize);
    let data: Buffer;
    if (method === 0) data = Buffer.from(raw);
    else if (method === 8) data = inflateRawSync(raw);
    else throw new Error(`zip: ${path} uses unsupported compression method ${method}`);
    if (data.length !== size) {
      throw new Error(`zip: ${path} inflated to ${data.length} bytes, expected ${size}`);
    }
    if (crc32(data) >>> 0 !== crc) throw new Error(`zip: CRC mismatch for ${path}`);
    entries.push({ path, data, isDirectory: path.endsWith("/") });
  }
  return entries;
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

/** protobuf JSON for wrapper types is the bare value, but accept `{ value }` too. */
function unwrap(value: unknown): unknown {
  if (value !== null && typeof value === "object" && "value" in value) {
    return value.value;
  }
  return value;
}

function str(body: Record<string, unknown>, key: string): string {
  const value = body[key];
  if (typeof value !== "string" || value === "") {
    throw new TwirpError(400, "invalid_argument", `${key} is required`);
  }
  return value;
}

function azureError(res: ServerResponse, status: number, code: string, message: string): void {
  const xml =
    `<?xml version="1.0" encoding="utf-8"?><Error><Code>${code}</Code>` +
    `<Message>${message}</Message></Error>`;
  res.writeHead(status, {
    "content-type": "application/xml",
    "x-ms-error-code": code,
    "x-ms-request-id": randomUUID(),
    "x-ms-version": "2025-01-05",
  });
  res.end(xml);
}

export async function startResultsServer(
  options: ResultsServerOptions = {},
): Promise<ResultsServer> {
  const runBackendId = options.runBackendId ?? randomUUID();
  const jobBackendId = options.jobBackendId ?? randomUUID();
  const runtimeToken = makeRuntimeToken(runBackendId, jobBackendId);
  const artifacts = new Map<string, StoredArtifact>();
  const requests: RecordedRequest[] = [];
  let createFailure = options.failCreateArtifact;
  let finalizeFailure: TwirpFailure | undefined;
  let nextId = options.firstArtifactId ?? 1000;
  let origin = "";

  const sockets = new Set<Socket>();

  function twirp(method: string, body: Record<string, unknown>): unknown {
    switch (method) {
      case "CreateArtifact": {
        if (createFailure) {
          throw new TwirpError(
            createFailure.status,
            createFailure.code ?? "permission_denied",
            createFailure.msg ?? "artifact creation refused (test failure injection)",
          );
        }
        checkBackendIds(body);
        const name = str(body, "name");
        if (artifacts.has(name)) {
          throw new TwirpError(
            409,
            "already_exists",
            "an artifact with this name already exists on the workflow run",
          );
        }
        const id = nextId++;
        const sig = randomBytes(24).toString("base64url");
        const expiry = new Date(Date.now() + 6 * 3600_000).toISOString().replace(/\.\d+Z$/, "Z");
        const signedUploadUrl =
          `${origin}/${BLOB_ACCOUNT}/${BLOB_CONTAINER}/${runBackendId}/artifact-${id}` +
          `?sv=2025-01-05&sr=b&sp=cw&se=${encodeURIComponent(expiry)}&sig=${sig}`;
        const mime = unwrap(body["mime_type"]);
        const expiresAt = unwrap(body["expires_at"]);
        artifacts.set(name, {
          id,
          name,
          runBackendId,
          jobBackendId,
          mimeType: typeof mime === "string" ? mime : undefined,
          expiresAt: typeof expiresAt === "string" ? expiresAt : undefined,
          version: typeof body["version"] === "number" ? body["version"] : undefined,
          createdAt: new Date(),
          sig,
          signedUploadUrl,
          stagedBlocks: new Map(),
          blob: undefined,
          finalized: false,
          size: undefined,
          digest: undefined,
          files: new Map(),
        });
        return { ok: true, signed_upload_url: signedUploadUrl };
      }
      case "FinalizeArtifact": {
        if (finalizeFailure) {
          throw new TwirpError(
            finalizeFailure.status,
            finalizeFailure.code ?? "invalid_argument",
            finalizeFailure.msg ?? "artifact finalization refused (test failure injection)",
          );
        }
        checkBackendIds(body);
        const name = str(body, "name");
        const artifact = artifacts.get(name);
        if (!artifact) throw new TwirpError(404, "not_found", `artifact ${name} not found`);
        if (artifact.finalized) {
          throw new TwirpError(412, "failed_precondition", `artifact ${name} already finalized`);
        }
        if (!artifact.blob) {
          throw new TwirpError(412, "failed_precondition", `artifact ${name} has no upload`);
        }
        const size = Number(body["size"] ?? 0);
        if (size !== artifact.blob.length) {
          throw new TwirpError(
            400,
            "invalid_argument",
            `size ${size} does not match uploaded size ${artifact.blob.length}`,
          );
        }
        const actual = `sha256:${createHash("sha256").update(artifact.blob).digest("hex")}`;
        const hash = unwrap(body["hash"]);
        if (hash !== undefined && hash !== actual) {
          throw new TwirpError(
            400,
            "invalid_argument",
            `hash ${JSON.stringify(hash)} does not match upload ${actual}`,
          );
        }
        artifact.files = unpack(artifact);
        artifact.size = size;
        artifact.digest = actual;
        artifact.finalized = true;
        return { ok: true, artifact_id: String(artifact.id) };
      }
      case "ListArtifacts": {
        checkBackendIds(body);
        const nameFilter = unwrap(body["name_filter"]);
        const idFilter = unwrap(body["id_filter"]);
        const list = [...artifacts.values()]
          .filter((a) => a.finalized)
          .filter((a) => nameFilter === undefined || a.name === nameFilter)
          // int64 in protobuf JSON is a string; accept a number too.
          .filter((a) => idFilter === undefined || Number(idFilter) === a.id)
          .map((a) => ({
            workflow_run_backend_id: a.runBackendId,
            workflow_job_run_backend_id: a.jobBackendId,
            database_id: String(a.id),
            name: a.name,
            size: String(a.size ?? 0),
            created_at: a.createdAt.toISOString(),
            digest: a.digest,
          }));
        return { artifacts: list };
      }
      default:
        throw new TwirpError(404, "bad_route", `no handler for ${SERVICE}/${method}`);
    }
  }

  function checkBackendIds(body: Record<string, unknown>): void {
    if (
      body["workflow_run_backend_id"] !== runBackendId ||
      body["workflow_job_run_backend_id"] !== jobBackendId
    ) {
      throw new TwirpError(
        400,
        "invalid_argument",
        "workflow run/job backend ids do not match the runtime token",
      );
    }
  }

  function unpack(artifact: StoredArtifact): Map<string, Buffer> {
    const blob = artifact.blob!;
    const files = new Map<string, Buffer>();
    if (artifact.mimeType === undefined || artifact.mimeType === "application/zip") {
      for (const entry of readZip(blob)) {
        if (!entry.isDirectory) files.set(entry.path, entry.data);
      }
    } else {
      files.set(artifact.name, blob);
    }
    return files;
  }

  function findByBlobPath(path: string): StoredArtifact | undefined {
    for (const artifact of artifacts.values()) {
      if (new URL(artifact.signedUploadUrl).pathname === path) return artifact;
    }
    return undefined;
  }

  async function handle(req: IncomingMessage, res: ServerResponse, record: RecordedRequest) {
    const url = new URL(req.url ?? "/", origin);
    const body = await readBody(req);

    if (url.pathname.startsWith(TWIRP_PREFIX)) {
      const method = url.pathname.slice(TWIRP_PREFIX.length);
      record.twirpMethod = method;
      let status = 200;
      let answer: unknown;
      try {
        if (req.method !== "POST") throw new TwirpError(404, "bad_route", "POST only");
        if (req.headers.authorization !== `Bearer ${runtimeToken}`) {
          throw new TwirpError(401, "unauthenticated", "missing or wrong bearer token");
        }
        let parsed: unknown;
        try {
          parsed = JSON.parse(body.toString("utf8"));
        } catch {
          throw new TwirpError(400, "malformed", "request body is not JSON");
        }
        record.body = parsed;
        if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
          throw new TwirpError(400, "malformed", "request body is not a JSON object");
        }
        answer = twirp(method, parsed as Record<string, unknown>);
      } catch (error) {
        if (!(error instanceof TwirpError)) throw error;
        status = error.status;
        answer = { code: error.code, msg: error.message };
      }
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(answer));
      return;
    }

    const artifact = findByBlobPath(url.pathname);
    if (!artifact) return azureError(res, 404, "ResourceNotFound", "no such blob");
    if (url.searchParams.get("sig") !== artifact.sig) {
      return azureError(res, 403, "AuthenticationFailed", "signature mismatch");
    }
    const common = {
      "x-ms-request-id": randomUUID(),
      "x-ms-version": "2025-01-05",
      date: new Date().toUTCString(),
    };
    const comp = url.searchParams.get("comp");
    if (req.method === "PUT" && comp === "block") {
      const blockId = url.searchParams.get("blockid");
      if (!blockId) return azureError(res, 400, "InvalidQueryParameterValue", "blockid missing");
      artifact.stagedBlocks.set(blockId, body);
      res.writeHead(201, { ...common, "x-ms-request-server-encrypted": "true" });
      res.end();
      return;
    }
    if (req.method === "PUT" && comp === "blocklist") {
      const ids = [
        ...body.toString("utf8").matchAll(/<(Latest|Committed|Uncommitted)>([^<]*)<\/\1>/g),
      ].map((m) => m[2]!);
      const parts: Buffer[] = [];
      for (const id of ids) {
        const block = artifact.stagedBlocks.get(id);
        if (!block) return azureError(res, 400, "InvalidBlockList", `unknown block ${id}`);
        parts.push(block);
      }
      artifact.blob = Buffer.concat(parts);
      artifact.stagedBlocks.clear();
      res.writeHead(201, {
        ...common,
        etag: `"0x${randomBytes(8).toString("hex").toUpperCase()}"`,
        "last-modified": new Date().toUTCString(),
        "x-ms-request-server-encrypted": "true",
      });
      res.end();
      return;
    }
    if (req.method === "PUT" && comp === null) {
      // Single-shot upload (Put Blob).
      artifact.blob = body;
      res.writeHead(201, {
        ...common,
        etag: `"0x${randomBytes(8).toString("hex").toUpperCase()}"`,
        "last-modified": new Date().toUTCString(),
      });
      res.end();
      return;
    }
    if ((req.method === "GET" || req.method === "HEAD") && comp === null && artifact.blob) {
      res.writeHead(200, {
        ...common,
        "content-type": artifact.mimeType ?? "application/octet-stream",
        "content-length": String(artifact.blob.length),
        "x-ms-blob-type": "BlockBlob",
      });
      res.end(req.method === "GET" ? artifact.blob : undefined);
      return;
    }
    azureError(res, 400, "UnsupportedHttpVerb", `${req.method ?? "?"} comp=${comp ?? ""}`);
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const record: RecordedRequest = {
      method: req.method ?? "",
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      twirpMethod: undefined,
      body: undefined,
      status: 0,
    };
    requests.push(record);
    res.on("finish", () => {
      record.status = res.statusCode;
    });
    handle(req, res, record).catch((error: unknown) => {
      if (!res.headersSent) {
        res.writeHead(500, { "content-type": "application/json" });
        res.end(JSON.stringify({ code: "internal", msg: String(error) }));
      } else {
        res.destroy();
      }
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  server.unref();
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function readArtifactBytes(name: string, path: string): Buffer {
    const artifact = finalized(name);
    const file = artifact.files.get(path);
    if (!file) {
      throw new Error(
        `artifact ${name} has no file ${path} (have: ${[...artifact.files.keys()].join(", ")})`,
      );
    }
    return file;
  }

  function finalized(name: string): StoredArtifact {
    const artifact = artifacts.get(name);
    if (!artifact) {
      throw new Error(`no artifact named ${name} (have: ${[...artifacts.keys()].join(", ")})`);
    }
    if (!artifact.finalized) throw new Error(`artifact ${name} was not finalized`);
    return artifact;
  }

  return {
    url: origin,
    runtimeToken,
    runBackendId,
    jobBackendId,
    env() {
      // The Azure SDK does not bypass proxies for loopback on its own (it reads NO_PROXY once).
      const noProxy = [process.env["NO_PROXY"] ?? process.env["no_proxy"], "127.0.0.1"]
        .filter((v) => v !== undefined && v !== "")
        .join(",");
      return {
        ACTIONS_RUNTIME_TOKEN: runtimeToken,
        ACTIONS_RESULTS_URL: `${origin}/`,
        GITHUB_SERVER_URL: "https://github.com",
        NO_PROXY: noProxy,
        no_proxy: noProxy,
      };
    },
    artifacts,
    requests,
    readArtifactBytes,
    readArtifactFile: (name, path) => readArtifactBytes(name, path).toString("utf8"),
    failCreateArtifact(failure) {
      createFailure = failure;
    },
    failFinalizeArtifact(failure) {
      finalizeFailure = failure;
    },
    close() {
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
        server.closeAllConnections();
      });
    },
  };
}
