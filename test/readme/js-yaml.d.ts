// The one function the README tests use from js-yaml (a dev dependency without bundled types).
declare module "js-yaml" {
  export function load(text: string): unknown;
}
