import type { Trigger } from "./trigger.js";

/** The person whose permission decides what Rivumi may do for this trigger. */
export function actorOf(trigger: Trigger): { login: string; type: string } | undefined {
  switch (trigger.kind) {
    case "pull_request":
      return { login: trigger.author, type: trigger.authorType };
    case "comment":
    case "dispatch":
      return { login: trigger.sender, type: trigger.senderType };
    default:
      return undefined;
  }
}

/** Bots are recognised by their account type or the `[bot]` login suffix GitHub Apps carry. */
export function isBot(actor: { login: string; type: string }): boolean {
  return actor.type === "Bot" || actor.login.toLowerCase().endsWith("[bot]");
}

/** Only `admin` and `write` act; maintainers report `write`. Never decided by author_association. */
export function canWrite(permission: string | undefined): boolean {
  return permission === "admin" || permission === "write";
}
