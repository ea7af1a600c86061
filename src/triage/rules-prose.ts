/**
 * Validation steps (formatters in check mode, generated files compared with the committed ones,
 * lockfiles, commit messages, changesets, release checks) state their finding in plain prose,
 * often without an error keyword. These patterns name the few ways such a sentence is put; lines
 * without a needle are classified only in the look-back before a step's failure, so they are
 * tried after the tools' own rules and the generic error lines, before the weakest mentions.
 */
import type { Rule } from "./rule.js";

export const PROSE_RULES: readonly Rule[] = [
  // findings listed one per line: `file:line: word ==> correction`, `file:line[:col] MD013/...`
  { has: " ==> ", re: /^\s*\S+:\d+: \S.* ==> \S/, kind: "lint", score: 75 },
  { re: /^\s*\S+\.[A-Za-z]{1,8}:\d+(?::\d+)?:? [A-Z]{1,6}\d{2,4}\b/, kind: "lint", score: 78 },
  // commitlint and similar: a cross mark and the rule's name in brackets
  { re: /^\s*(?:✖|✗|×|✘)\s+\S.*\[[\w-]+(?:\/[\w-]+)?\]$/, kind: "lint", score: 75 },
  // a formatter in check mode: files it would change
  {
    re: /^\s*(?:[Ww]ould (?:reformat|rewrite|fix|change)\b|Diff in \S+ (?:at line \d+|:))/,
    kind: "lint",
    score: 72,
  },
  {
    re: /\bnot (?:properly )?(?:formatted|linted)\b|\bneeds? (?:to be )?(?:re)?formatt(?:ed|ing)\b|\bformatting (?:issues|problems|differences)\b/,
    kind: "lint",
    score: 70,
    expand: "block",
  },
  {
    re: /\b\d+ files? would be (?:reformatted|changed|fixed|rewritten)\b/,
    kind: "lint",
    score: 45,
  },
  // a lockfile or manifest that no longer matches what it was made from
  {
    re: /(?:lock ?file|\.lock\b|lock\.json\b|lock\.yaml\b|go\.mod\b|go\.sum\b).*(?:\bnot (?:up[- ]to[- ]date|in sync|consistent)\b|\bout[- ]of[- ](?:date|sync)\b|\bwould have been modified\b|\bneeds? to be updated\b|\bchanged significantly\b|\bneeded\b)|\b(?:changed significantly since|updates to go\.(?:mod|sum) needed)/,
    kind: "dependency",
    score: 72,
  },
  // generated or built files that differ from the committed ones, a state out of date
  { has: " changes", re: /\b(?:uncommitted|unstaged) changes\b/, kind: "lint", score: 68 },
  {
    re: /\b(?:[Dd]iff|[Cc]hanges?|[Dd]ifferences?) (?:detected|found) (?:after|in|between)\b/,
    kind: "lint",
    score: 68,
  },
  {
    has: "date",
    re: /\b(?:is|are) (?:not up[- ]to[- ]date|out[- ]of[- ]date|outdated)\b/,
    kind: "lint",
    score: 68,
  },
  { has: " match", re: /\bdo(?:es)?(?: not|n't) match\b/, kind: "lint", score: 68 },
  {
    has: "to be ",
    re: /\bneeds? to be (?:regenerated|rebuilt|updated)\b/,
    kind: "lint",
    score: 68,
  },
  // a manifest or resource a validator rejects: "Deployment api is invalid: …"
  {
    re: /\b(?:is|are) (?:invalid|not valid)\b|\bdoes not validate\b|\b[Vv]ersion mismatch\b/,
    kind: "lint",
    score: 65,
  },
  // a check that only ran `git diff --exit-code`: the first file header names what differs
  { has: "diff --git", re: /^diff --git a\/\S+ b\/\S+$/, kind: "lint", score: 50 },
  // a branch that must be rebased
  {
    re: /\b(?:branch|head) is (?:not up[- ]to[- ]date|behind|out[- ]of[- ]date)\b|\b\d+ commits? behind\b/i,
    kind: "lint",
    score: 68,
  },
  // something a check requires is missing
  {
    re: /^\s*(?:No|Missing:?) [\w@./*-]+(?: [\w@./*-]+){0,3} (?:found|in|for|from|on)\b|^\s*Missing [\w -]+ in:$|\bno [\w-]+s? (?:was |were )?found\b|\b(?:is|are) missing\b/,
    kind: "lint",
    score: 65,
    expand: "block",
  },
  // a rule the change breaks: "subject must not …", "has already been published"
  {
    re: /\b(?:must|may) not be\b|\bmust (?:be|have|start|end|include|contain|match)\b|\bhas already been (?:published|released|used|taken)\b|\b[Bb]ump the version\b/,
    kind: "lint",
    score: 60,
  },
  // a budget or a threshold the change goes past
  {
    re: /\b(?:limit|budget|threshold|maximum)\b.*\bexceeded\b|\bexceeds? (?:the )?(?:\w+ )?(?:limit|budget|threshold|maximum)\b|\bis (?:less|greater|more|larger|smaller) than\b/,
    kind: "lint",
    score: 65,
  },
  {
    re: /\bnot (?:allowed|permitted)\b|\bdisallowed\b/,
    kind: "lint",
    score: 62,
  },
  // "The following files …:" lists what the check found
  {
    re: /^\s*(?:The following|These) (?:files?|paths?|packages?|modules?|sources?|dependencies|crates?|gems?|licen[cs]es?|commits?)\b.*(?::$|\b(?:not|no|without|missing|invalid|outdated|unused)\b)/,
    kind: "lint",
    score: 62,
    expand: "block",
  },
];
