import type { ActionsCore } from "../run-context.js";
import type { Redactor } from "../util/redact.js";
import { neutralizeLog } from "../util/sanitize.js";

/**
 * The workflow log. @actions/core pulls in an HTTP client and undici; nothing is logged before the
 * first model request, so it loads only when there is something to say, or to publish. Every
 * secret known so far is masked before anything is written.
 */
export class ActionLog {
  private module: Promise<ActionsCore> | undefined;
  private core: ActionsCore | undefined;
  private masked = 0;

  constructor(
    private readonly redactor: Redactor,
    private readonly load: () => Promise<ActionsCore>,
  ) {}

  async ready(): Promise<ActionsCore> {
    this.core ??= await (this.module ??= this.load());
    const forms = this.redactor.secrets;
    for (const form of forms.slice(this.masked)) this.core.setSecret(form);
    this.masked = forms.length;
    return this.core;
  }

  /** A warning annotation, redacted and unable to issue workflow commands. */
  warn = (text: string): void =>
    void this.ready().then((c) => c.warning(neutralizeLog(this.redactor.redact(text))));

  /** Logs one line, redacted and unable to issue workflow commands. */
  say = (text: string): void =>
    void this.ready().then((c) => c.info(neutralizeLog(this.redactor.redact(text))));
}
