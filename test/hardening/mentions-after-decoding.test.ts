// Class: an @-mention that only appears once GitHub's renderer has decoded the text (emphasis
// markers consumed, entity and numeric references decoded, tags and backslash escapes gone), in
// every place Rivumi posts untrusted or model text: inline review comments, the sticky comment
// (summary, listed and unanchored findings, "No longer applies" titles, the warning), the
// triage comment and issue (digest, job and step names, notes). Published through the real
// publisher to the loopback GitHub; read back with a model of the renderer that finds too much
// rather than too little (test/support/github-render-model.ts).
import { afterEach, describe, expect, it } from "vitest";
import { neutralizeMarkdown } from "../../src/util/sanitize.js";
import { liveMentions } from "../support/github-render-model.js";
import {
  publishWorld,
  reviewOutcome,
  triageOutcome,
  type Published,
  type PublishWorld,
} from "../support/publish-world.js";

/** Every way to write `@` that the renderer decodes. */
const ATS = ["@", "&#64;", "&#064;", "&#0000064;", "&#x40;", "&#X040;", "&commat;", "\\@"];
/** Wrappers the renderer consumes, or that leave a non-word character before the `@`. */
const WRAPS: Array<(m: string) => string> = [
  (m) => m,
  (m) => `_${m}_`,
  (m) => `__${m}__`,
  (m) => `*${m}*`,
  (m) => `**${m}**`,
  (m) => `~~${m}~~`,
  (m) => `<b>${m}</b>`,
  (m) => `x<i></i>${m}`,
  (m) => `é${m}`,
  (m) => `\`code\`${m}`,
  (m) => `_a_${m}`,
];
const NAMES = ["octocat", "acme/core-team"];

const HOSTILE = ATS.flatMap((at) =>
  WRAPS.flatMap((wrap) => NAMES.map((name) => wrap(`${at}${name}`))),
).join(" ");

let world: PublishWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

const everything = (p: Published) => [
  ...p.inline,
  ...p.reviews,
  ...p.comments,
  ...p.issueTitles,
  ...p.issueBodies,
];

describe("mentions GitHub would decode, in everything Rivumi posts", () => {
  it("are all live in the raw text, so the model of the renderer sees them", () => {
    // Two names per wrap and `@` form; `é@` counts once (é is no word character to GitHub).
    expect(liveMentions(HOSTILE).length).toBe(ATS.length * WRAPS.length * NAMES.length);
  });

  it("are not live in inline comments, the sticky comment or 'No longer applies' titles", async () => {
    world = await publishWorld();
    const published = await world.publish(reviewOutcome(HOSTILE));
    expect(published.inline).toHaveLength(1);
    const sticky = published.comments.join("\n");
    expect(sticky).toContain("#### No longer applies (1)");
    expect(sticky).toContain("#### Not on the lines (1)");
    expect(sticky).toContain("#### Not anchored (1)");
    for (const body of everything(published)) expect(liveMentions(body), body).toEqual([]);
    // The text is still there to read.
    expect(published.inline[0]).toContain("octocat");
  });

  it("are not live in the triage comment, its issue, the digest and the run's names", async () => {
    world = await publishWorld();
    const published = await world.publish(triageOutcome(HOSTILE, `job ${HOSTILE}`));
    expect(published.comments).toHaveLength(1);
    expect(published.issueBodies).toHaveLength(1);
    expect(published.comments[0]).toContain("#### Root cause");
    for (const body of everything(published)) expect(liveMentions(body), body).toEqual([]);
  });

  it("leaves e-mail addresses as written where text is only neutralised", () => {
    expect(neutralizeMarkdown("write to a@b.com or @x")).toMatch(/^write to a@b\.com or @\u200bx$/);
  });
});
