// The features' own texts for the shared publications, by the kind of their result: publish/
// asks through `FeatureTexts` and imports no feature.
import { unknownResult } from "../outcome/results.js";
import type { FeatureTexts } from "../publish/feature-texts.js";
import { renderAutoFix, renderFixComment } from "../fix/publish-text.js";
import { renderComment, renderReviewBody } from "../review/publish-text.js";
import { renderTriageComment, renderTriageIssue, renderTriageSummary } from "../triage/publish.js";
import { titleText } from "../triage/publish-text.js";

export const FEATURE_TEXTS: FeatureTexts = {
  // A triage writes its own comment; the others the review's (only the note, without findings).
  comment(outcome, inline, site, threads, fix) {
    const { result } = outcome;
    switch (result.kind) {
      case "triage": {
        const auto = result.report.fix?.auto;
        const extra = auto?.started ? renderAutoFix(auto, fix, outcome, site) : "";
        return renderTriageComment({ ...outcome, result }, extra);
      }
      case "review":
        if (result.fix) return renderFixComment(outcome, result.fix, fix, site);
        return renderComment(outcome, inline, site, threads);
      case "memory":
      case "rlm":
      case "stop":
        return renderComment(outcome, inline, site, threads);
      default:
        return unknownResult(result);
    }
  },
  body: (outcome, site) => renderReviewBody(outcome, undefined, site),
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
