// Whether a run has a model at all. OpenAI's own endpoint refuses every request without a key, so
// a run that would send code there keyless is stopped before anything is sent; a server on any
// other URL (loopback, Ollama, a proxy) may need no key and is used as given.

/** The base URL the action and the CLI use when none is given. */
export const DEFAULT_BASE_URL = "https://api.openai.com/v1";

/** The endpoint's host is OpenAI's own (`https://api.openai.com/…`). */
export function isOpenAIHost(baseUrl: string): boolean {
  try {
    return new URL(baseUrl).hostname.toLowerCase() === "api.openai.com";
  } catch {
    return false;
  }
}

/** A key was given, or the endpoint is one that may need none. */
export function modelConfigured(settings: {
  apiKey: string | undefined;
  baseUrl: string;
}): boolean {
  return (settings.apiKey ?? "") !== "" || !isOpenAIHost(settings.baseUrl);
}

/**
 * The one line that says no model is configured, naming where the key comes from (`keyName`:
 * `OPENAI_API_KEY` on the CLI, the `api-key` input in the action) and the URL nothing was sent to.
 */
export function noModelMessage(baseUrl: string, names: { key: string; url: string }): string {
  return `no model configured: ${names.key} is not set and ${names.url} is ${safeUrl(baseUrl)}, which needs a key; nothing was sent. Set ${names.key}, or ${names.url} to a server that needs none (such as a local one)`;
}

/** The URL without any user name or password in it, for messages and the journal. */
export function safeUrl(baseUrl: string): string {
  try {
    const url = new URL(baseUrl);
    if (url.username === "" && url.password === "") return baseUrl;
    url.username = "";
    url.password = "";
    return url.toString().replace(/\/+$/, "");
  } catch {
    return baseUrl;
  }
}
