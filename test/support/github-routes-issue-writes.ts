/** Routes that list, open and edit issues (failed-CI triage keeps one issue per failure signature). */
import { checkBodyLength, HttpError, ok, okPage } from "./github-http.js";
import * as json from "./github-json.js";
import type { Handler } from "./github-route-context.js";

export const issueWriteRoutes: Record<string, Handler> = {
  // Like GitHub: pull requests are issues too, newest first; `creator` is a login.
  "issues/list-for-repo": (ctx) => {
    const repo = ctx.repo();
    const q = ctx.url.searchParams;
    const state = q.get("state") ?? "open";
    const creator = q.get("creator")?.toLowerCase();
    const issues = [...repo.issues.values()]
      .filter((i) => state === "all" || i.state === state)
      .filter((i) => !creator || i.user.login.toLowerCase() === creator)
      .sort((a, b) => b.number - a.number)
      .map((i) => json.issue(ctx.state, repo, i));
    return okPage(issues, ctx.url);
  },

  "issues/create": (ctx) => {
    const repo = ctx.repo();
    // The description has already checked the types: strings (a title may also be a number).
    const body = ctx.body.body === undefined ? null : (ctx.body.body as string);
    checkBodyLength(body, "Issue");
    const title = text(ctx.body.title);
    if (title.trim() === "") {
      throw new HttpError(422, "Validation Failed", {
        errors: [{ resource: "Issue", code: "missing_field", field: "title" }],
        violation: true,
      });
    }
    const number = ctx.state.addIssue(repo.fullName, {
      title,
      body,
      user: ctx.actor.login,
      userType: ctx.actor.type,
    });
    const created = json.issue(ctx.state, repo, repo.issue(number));
    return { status: 201, json: created, headers: { location: String(created.url) } };
  },

  "issues/update": (ctx) => {
    const repo = ctx.repo();
    const record = repo.issue(ctx.num("issue_number"));
    if (ctx.body.body !== undefined) {
      const body = ctx.body.body as string | null;
      checkBodyLength(body, "Issue");
      record.body = body;
    }
    if (ctx.body.title !== undefined) record.title = text(ctx.body.title);
    if (ctx.body.state === "open" || ctx.body.state === "closed") record.state = ctx.body.state;
    record.updatedAt = ctx.state.now();
    return ok(json.issue(ctx.state, repo, record));
  },
};

/** A title as GitHub stores it: the description allows a string or a number. */
const text = (value: unknown): string =>
  typeof value === "string" || typeof value === "number" ? String(value) : "";
