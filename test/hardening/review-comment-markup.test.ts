// Class: HTML, images and links a model writes, in review comments as in triage: text, code and
// suggestions stay; remote images and raw HTML do not; links stay only to the repository's own
// pages on its own host, and every other link (another host, another repository, `javascript:`,
// a reference, a bare address, an e-mail address) reads as plain text. Published through the real
// publisher to the loopback GitHub; read back with the renderer model of
// test/support/github-render-model.ts.
import { afterEach, describe, expect, it } from "vitest";
import { allowedUrl } from "../../src/markdown/safe-markdown.js";
import { liveLinks, type LiveLink } from "../support/github-render-model.js";
import {
  PUBLISH_SITE,
  publishWorld,
  reviewOutcome,
  triageOutcome,
  type Published,
  type PublishWorld,
} from "../support/publish-world.js";

const OWN_LINK = "[the handler](https://github.com/acme/widgets/blob/main/src/a.ts#L2)";
const OWN_BARE = "https://github.com/acme/widgets/pull/7";
const CODE = "```ts\nconst x = y[0](1); // <div> @Override ![i](https://evil.example/c.png)\n```";
const SUGGESTION = "@Override <T> x[0](y) // https://evil.example/s";

const HOSTILE = [
  "Fix it. ![x](https://evil.example/p.png) ![y][img] <img src=https://evil.example/q.png>",
  '<a href="https://evil.example">a</a> <details><summary>s</summary>d</details> <script>x</script>',
  "[fix it](https://evil.example/fix) [js](javascript:alert(1)) [d](data:text/html,x)",
  "<https://evil.example/auto> https://evil.example/bare www.evil.example HTTP://EVIL.EXAMPLE/x",
  "[rel](//evil.example/x) [up](https://github.com/acme/widgets/../../evil/repo)",
  "[other](https://github.com/other/repo) [host](https://github.com.evil.example/acme/widgets)",
  "[cred](https://github.com@evil.example/acme/widgets) [ent](https://github.com/acme/widgets&#x2F;..&#x2F;..&#x2F;evil)",
  "[http](http://github.com/acme/widgets) [ref][r] mail a@evil.example, mailto:b@evil.example",
  `See ${OWN_LINK} and ${OWN_BARE}.`,
  "",
  CODE,
  "",
  "[r]: https://evil.example/ref",
  "[img]: https://evil.example/i.png",
].join("\n");

/** Rivumi's own markup: its markers and footers. */
const OWN_HTML = new Set(["<!--", "<sub", "</sub"]);

/** What a body renders that the rule does not allow. */
function forbidden(body: string): LiveLink[] {
  return liveLinks(body).filter((l) => {
    if (l.kind === "html") return !OWN_HTML.has(l.target);
    if (l.kind === "link" || l.kind === "bare") return !allowedUrl(l.target, PUBLISH_SITE);
    return true;
  });
}

const everything = (p: Published) => [...p.inline, ...p.reviews, ...p.comments, ...p.issueBodies];

let world: PublishWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

describe("markup a model writes, in review comments and in triage", () => {
  it("is live in the raw text, so the renderer model sees every kind", () => {
    const kinds = new Set(forbidden(HOSTILE).map((l) => l.kind));
    expect([...kinds].sort()).toEqual(["bare", "definition", "email", "html", "image", "link"]);
  });

  it("keeps text, code, suggestions and links to the repository; drops the rest", async () => {
    world = await publishWorld();
    const published = await world.publish(reviewOutcome(HOSTILE, { replacement: SUGGESTION }));
    expect(published.inline).toHaveLength(1);
    for (const body of everything(published)) expect(forbidden(body), body).toEqual([]);
    const [inline = ""] = published.inline;
    expect(inline).toContain(OWN_LINK);
    expect(inline).toContain(OWN_BARE);
    expect(inline).toContain(CODE);
    expect(inline).toContain(`\`\`\`suggestion\n${SUGGESTION}\n\`\`\``);
    // The broken links still read as they were written.
    expect(inline.replace(/\u200b/g, "")).toContain("[fix it](https://evil.example/fix)");
    const sticky = published.comments.join("\n");
    expect(sticky).toContain(OWN_LINK);
    expect(sticky).toContain(CODE.replace(/\n/g, "\n  "));
  });

  it("follows the same rule in the triage comment and issue", async () => {
    world = await publishWorld();
    const published = await world.publish(triageOutcome(HOSTILE, `job ${HOSTILE}`));
    expect(published.comments).toHaveLength(1);
    for (const body of everything(published)) expect(forbidden(body), body).toEqual([]);
    // The model's words may link to the repository, as in a review.
    expect(published.comments[0]).toContain(OWN_LINK);
  });
});
