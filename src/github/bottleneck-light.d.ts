// bottleneck ships types for its full build only; the light build (the one Octokit's throttling
// plugin uses, without Redis clustering) has the same API.
declare module "bottleneck/light.js" {
  import Bottleneck from "bottleneck";
  export default Bottleneck;
}
