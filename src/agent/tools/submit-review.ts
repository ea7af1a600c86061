import { reviewSchema } from "../../outcome/review.js";
import { defineTool } from "./tool.js";

export const SUBMIT_REVIEW = "submit_review";

/** Ends the run with a structured result; the loop stops when this call validates. */
export const submitReviewTool = defineTool({
  name: SUBMIT_REVIEW,
  description:
    "Finish the run with your final result: a summary and the findings, each anchored to a head-side " +
    "line inside a diff hunk. Call it exactly once, when you are done.",
  parameters: reviewSchema,
  execute: () => Promise.resolve("Result recorded."),
});
