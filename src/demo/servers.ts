// The two stand-ins `rivumi demo` runs the action against: a GitHub that knows one pull request
// and keeps what is posted on it, and a model that replays the demo's canned replies. Both listen
// on 127.0.0.1 only, answer only the few requests a review of the sample makes (anything else is a
// 404 the demo reports), and close when the demo ends; neither process outlives it (unref).
import http from "node:http";
import type { AddressInfo } from "node:net";
import { demoReply } from "./sample.js";

export interface DemoServer {
  readonly url: string;
  /** Requests no route answered, as "METHOD path". */
  readonly unknown: string[];
  close(): Promise<void>;
}

type Route = (
  method: string,
  path: string,
  body: unknown,
) => { status: number; json: unknown } | undefined;

async function serve(route: Route): Promise<DemoServer> {
  const unknown: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const method = req.method ?? "GET";
      const path = (req.url ?? "/").split("?")[0] ?? "/";
      let body: unknown = undefined;
      try {
        const text = Buffer.concat(chunks).toString("utf8");
        body = text ? JSON.parse(text) : undefined;
      } catch {
        body = undefined;
      }
      const answer = route(method, path, body);
      if (!answer) unknown.push(`${method} ${path}`);
      const { status, json } = answer ?? { status: 404, json: { message: "Not Found (demo)" } };
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(json));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  server.unref();
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    unknown,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export interface DemoGitHub extends DemoServer {
  /** The comments posted on the pull request's conversation, oldest first. */
  comments(): { id: number; body: string }[];
}

/** GitHub for one repository and one pull request, as far as a review of it goes. */
export async function startDemoGitHub(opts: {
  repo: string;
  number: number;
  author: string;
  bot: string;
  headSha: string;
}): Promise<DemoGitHub> {
  const web = `https://github.com/${opts.repo}`;
  const bot = { login: opts.bot, type: "Bot", id: 41898282 };
  const comments: { id: number; body: string; created_at: string; updated_at: string }[] = [];
  const reviews: { id: number; state: string; body: string; comments: number }[] = [];
  let next = 1000;
  const now = () => new Date().toISOString();
  const commentJson = (c: (typeof comments)[number]) => ({
    ...c,
    node_id: `IC_demo${c.id}`,
    html_url: `${web}/pull/${opts.number}#issuecomment-${c.id}`,
    user: bot,
    author_association: "NONE",
  });
  const reviewJson = (r: (typeof reviews)[number]) => ({
    id: r.id,
    node_id: `PRR_demo${r.id}`,
    state: r.state,
    body: r.body,
    user: bot,
    commit_id: opts.headSha,
    html_url: `${web}/pull/${opts.number}#pullrequestreview-${r.id}`,
    submitted_at: r.state === "PENDING" ? null : now(),
  });
  const base = `/repos/${opts.repo}`;
  const pull = `${base}/pulls/${opts.number}`;
  const route: Route = (method, path, body) => {
    const b = (body ?? {}) as Record<string, unknown>;
    const bodyText = typeof b.body === "string" ? b.body : undefined;
    const ok = (json: unknown, status = 200) => ({ status, json });
    if (method === "POST" && path === "/graphql") {
      // The sample pull request has no review threads yet; any other query asks who Rivumi is.
      const query = typeof b.query === "string" ? b.query : "";
      const page = { pageInfo: { hasNextPage: false, endCursor: null }, nodes: [] };
      return query.includes("reviewThreads")
        ? ok({ data: { repository: { pullRequest: { reviewThreads: page } } } })
        : ok({ data: { viewer: { login: opts.bot } } });
    }
    if (method === "GET" && path === `${base}/collaborators/${opts.author}/permission`)
      return ok({ permission: "write", role_name: "write", user: { login: opts.author } });
    if (method === "GET" && path.startsWith(`${base}/git/matching-refs/`)) return ok([]);
    if (path === `${base}/issues/${opts.number}/comments`) {
      if (method === "GET") return ok(comments.map(commentJson));
      if (method === "POST") {
        const c = { id: next++, body: bodyText ?? "", created_at: now(), updated_at: now() };
        comments.push(c);
        return ok(commentJson(c), 201);
      }
    }
    const edit = new RegExp(`^${base}/issues/comments/(\\d+)$`).exec(path);
    const comment = edit && comments.find((c) => c.id === Number(edit[1]));
    if (method === "PATCH" && comment) {
      comment.body = bodyText ?? comment.body;
      comment.updated_at = now();
      return ok(commentJson(comment));
    }
    if (path === `${pull}/reviews`) {
      if (method === "GET") return ok(reviews.map(reviewJson));
      if (method === "POST") {
        const list = Array.isArray(b.comments) ? b.comments : [];
        const state = typeof b.event === "string" ? "COMMENTED" : "PENDING";
        const r = { id: next++, state, body: bodyText ?? "", comments: list.length };
        reviews.push(r);
        return ok(reviewJson(r));
      }
    }
    const submit = new RegExp(`^${pull}/reviews/(\\d+)/events$`).exec(path);
    const review = submit && reviews.find((r) => r.id === Number(submit[1]));
    if (method === "POST" && review) {
      review.state = "COMMENTED";
      return ok(reviewJson(review));
    }
    return undefined;
  };
  const server = await serve(route);
  return { ...server, comments: () => comments.map(({ id, body }) => ({ id, body })) };
}

/** An OpenAI-compatible chat-completions endpoint that answers with the demo's canned replies. */
export async function startDemoModel(): Promise<DemoServer> {
  let calls = 0;
  const server = await serve((method, path, body) => {
    if (method !== "POST" || path !== "/v1/chat/completions") return undefined;
    const request = (body ?? {}) as { model?: string; messages?: unknown[] };
    const reply = demoReply(request.messages ?? []);
    calls += 1;
    // About four characters a token: the demo's counts are an estimate, not a tokenizer's.
    const promptTokens = Math.ceil(JSON.stringify(request.messages ?? []).length / 4);
    const completionTokens = Math.ceil(JSON.stringify(reply).length / 4);
    return {
      status: 200,
      json: {
        id: `chatcmpl-demo-${calls}`,
        object: "chat.completion",
        created: Math.floor(Date.now() / 1000),
        model: request.model ?? "demo",
        choices: [
          { index: 0, message: reply.message, finish_reason: reply.finish, logprobs: null },
        ],
        usage: {
          prompt_tokens: promptTokens,
          completion_tokens: completionTokens,
          total_tokens: promptTokens + completionTokens,
        },
      },
    };
  });
  return { ...server, url: `${server.url}/v1` };
}
