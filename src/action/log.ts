import type { AnnotationProperties } from "@actions/core";
import type { Annotation } from "../outcome/outcome.js";
import type { ActionsCore } from "../runner-env.js";
import type { Redactor } from "../redact/redactor.js";
import { neutralizeLog } from "../util/workflow-commands.js";

/**
 * The workflow log. @actions/core pulls in an HTTP client and undici; nothing is logged before the
 * first model request, so it loads only when there is something to say, or to publish. Every
 * secret known so far is masked before anything is written.
 *
 * The one way the action writes to the log: `ready()` hands out @actions/core with every function
 * that prints (info, debug, notice, warning, error, setFailed, groups) redacting its text and
 * breaking workflow commands in it (`neutralizeLog`), annotation titles included. `setSecret`
 * is left alone: its `::add-mask::` is the one command Rivumi means to issue.
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
    this.core ??= guardedCore(await (this.module ??= this.load()), (t) => this.redactor.redact(t));
    const forms = this.redactor.secrets;
    for (const form of forms.slice(this.masked)) this.core.setSecret(form);
    this.masked = forms.length;
    return this.core;
  }

  /** A warning annotation, redacted and unable to issue workflow commands. */
  warn = (text: string): void =>
    void this.ready().then((c) => c.warning(neutralizeLog(this.redactor.redact(text))));

  /** Logs one line, redacted and unable to issue workflow commands. */
  say = (text: string): void => void this.ready().then((c) => c.info(text));

  /** Writes one annotation to the run (an `::error`/`::warning`/`::notice` command). */
  annotate = async ({ level, message, title, file, line }: Annotation): Promise<void> => {
    const core = await this.ready();
    core[level](message, {
      title,
      ...(file ? { file } : {}),
      ...(line ? { startLine: line } : {}),
    });
  };
}

/** @actions/core whose printing functions redact and neutralise what they print. */
export function guardedCore(core: ActionsCore, redact: (text: string) => string): ActionsCore {
  const safe = (text: string | Error) =>
    neutralizeLog(redact(text instanceof Error ? text.message : text));
  const props = (p: AnnotationProperties | undefined) =>
    p?.title === undefined ? p : { ...p, title: safe(p.title) };
  return {
    ...core,
    info: (message) => core.info(safe(message)),
    debug: (message) => core.debug(safe(message)),
    notice: (message, p) => core.notice(safe(message), props(p)),
    warning: (message, p) => core.warning(safe(message), props(p)),
    error: (message, p) => core.error(safe(message), props(p)),
    setFailed: (message) => core.setFailed(safe(message)),
    startGroup: (name) => core.startGroup(safe(name)),
    group: (name, fn) => core.group(safe(name), fn),
  };
}
