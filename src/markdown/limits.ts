// GitHub's limits on what a publication posts, shared by every feature that posts a comment.

/** The most characters GitHub takes in a comment's or an issue's body. */
export const COMMENT_LIMIT = 65_536;
/** Room kept in a comment for the sticky marker line that `StickyComment` puts on top. */
export const MARKER_ROOM = 200;
