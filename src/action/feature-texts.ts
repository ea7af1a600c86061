// The features' own texts for the shared publications, by the kind of their result: publish/
// asks through `FeatureTexts` and imports no feature.
import { unknownResult } from "../outcome/results.js";
import type { FeatureTexts } from "../publish/feature-texts.js";
import { renderTriageComment, renderTriageIssue, renderTriageSummary } from "../triage/publish.js";
import { titleText } from "../triage/publish-text.js";

export const FEATURE_TEXTS: FeatureTexts = {
  comment(outcome) {
    const { result } = outcome;
    switch (result.kind) {
      case "triage":
        return renderTriageComment({ ...outcome, result });
      case "review":
      case "memory":
      case "rlm":
      case "stop":
        return undefined;
      default:
        return unknownResult(result);
    }
  },
  summary({ result }) {
    switch (result.kind) {
      case "review":
        return result.details;
      case "triage":
        return [renderTriageSummary(result.report)];
      case "memory":
      case "rlm":
      case "stop":
        return [];
      default:
        return unknownResult(result);
    }
  },
  issue(outcome, title) {
    const { result } = outcome;
    if (result.kind !== "triage") throw new Error("an issue by marker is rendered from a triage");
    return { title: titleText(title), body: renderTriageIssue({ ...outcome, result }) };
  },
};
