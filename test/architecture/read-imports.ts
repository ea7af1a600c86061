// Reads a module's imports with the TypeScript parser, so that whatever TypeScript takes for an
// import (whatever the comments, line breaks or quotes around it) is seen here too. Parse only:
// no program, no type check, so the whole tree reads in well under a second.
import ts from "typescript";

/** How a module names another one. Every kind ties the two modules together just the same. */
export type ImportKind =
  | "static" // import … from "x", import "x"
  | "type" // import type … from "x"
  | "re-export" // export … from "x", export * from "x"
  | "dynamic" // import("x")
  | "type-query" // import("x").T, typeof import("x") in a type
  | "require" // require("x"), import x = require("x")
  | "augment" // declare module "x" { … }
  | "reference"; // /// <reference path="x" /> or types="x"

export interface ImportRef {
  kind: ImportKind;
  /** The module named, or undefined when it is not a plain string literal (it cannot be checked). */
  specifier: string | undefined;
  /** 1-based line of the import, for messages. */
  line: number;
  /** The argument as written when it is not a string literal, for messages. */
  written?: string;
}

/** Syntax errors the parser recorded; an unparsable file could hide an import. */
function parseErrors(file: ts.SourceFile): readonly ts.DiagnosticWithLocation[] {
  // Not in the public typings, but present on every SourceFile the parser makes since TS 2.
  return (
    (file as unknown as { parseDiagnostics?: ts.DiagnosticWithLocation[] }).parseDiagnostics ?? []
  );
}

export interface ReadResult {
  imports: ImportRef[];
  /** Messages for syntax errors, with their line. */
  errors: string[];
}

export function readImports(fileName: string, text: string): ReadResult {
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const imports: ImportRef[] = [];
  const lineOf = (pos: number) => file.getLineAndCharacterOfPosition(pos).line + 1;
  const add = (kind: ImportKind, node: ts.Node, arg: ts.Node | undefined) => {
    const line = lineOf(node.getStart(file));
    if (arg && ts.isStringLiteral(arg)) imports.push({ kind, specifier: arg.text, line });
    else imports.push({ kind, specifier: undefined, line, written: arg?.getText(file) ?? "" });
  };

  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) {
      add(node.importClause?.isTypeOnly ? "type" : "static", node, node.moduleSpecifier);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier) {
      add("re-export", node, node.moduleSpecifier);
    } else if (
      ts.isImportEqualsDeclaration(node) &&
      ts.isExternalModuleReference(node.moduleReference)
    ) {
      add("require", node, node.moduleReference.expression);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      add("dynamic", node, node.arguments[0]);
    } else if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === "require"
    ) {
      add("require", node, node.arguments[0]);
    } else if (ts.isImportTypeNode(node)) {
      const arg = node.argument;
      add("type-query", node, ts.isLiteralTypeNode(arg) ? arg.literal : arg);
    } else if (ts.isModuleDeclaration(node) && ts.isStringLiteral(node.name)) {
      add("augment", node, node.name);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);

  // A triple-slash reference pulls a file or a package's types in beside the imports; src/ has no
  // need of one, so each is reported rather than resolved.
  for (const ref of [...file.referencedFiles, ...file.typeReferenceDirectives]) {
    imports.push({
      kind: "reference",
      specifier: undefined,
      line: lineOf(ref.pos),
      written: ref.fileName,
    });
  }
  const errors = parseErrors(file).map(
    (d) => `line ${lineOf(d.start)}: ${ts.flattenDiagnosticMessageText(d.messageText, " ")}`,
  );
  return { imports, errors };
}
