/**
 * The import graph of a set of source files, for tests that hold the shape of the code: which
 * relative imports a file has, and which files import each other in a circle.
 *
 * Every kind of relative import is an edge: `import`, `import type`, `export … from` (`export *`,
 * `export * as` and `export type` too), a bare `import "./x.ts"`, a dynamic `import("./x.ts")`
 * and a type's `import("./x.ts").T`. Type imports count because a circle of types is still two
 * files that cannot be understood (or moved) one without the other; dynamic imports count
 * because a lazy import is a dependency all the same. Files are parsed with the TypeScript
 * compiler, so an import written in a comment or a string is no import.
 */
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import ts from "typescript";

/** The specifiers of every relative import in a file's source text, in the order they appear. */
export function relativeImports(text: string): string[] {
  const found: string[] = [];
  const source = ts.createSourceFile("file.ts", text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const visit = (node: ts.Node): void => {
    const spec = moduleSpecifier(node);
    if (spec !== undefined && (spec.startsWith("./") || spec.startsWith("../"))) found.push(spec);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function moduleSpecifier(node: ts.Node): string | undefined {
  if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
    return node.moduleSpecifier.text;
  }
  if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
    const [first] = node.arguments;
    return first && ts.isStringLiteralLike(first) ? first.text : undefined;
  }
  if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
    return node.argument.literal.text;
  }
  if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference) && ts.isStringLiteral(node.moduleReference.expression)) {
    return node.moduleReference.expression.text;
  }
  return undefined;
}

/**
 * The circles among `files` (absolute paths): each strongly connected component of their import
 * graph that has more than one file, or one file that imports itself. Only imports between the
 * given files count; an import that resolves outside them (another context, a package, an asset)
 * is no edge. A specifier is matched as written, then with `.ts` or `/index.ts` added.
 *
 * Each circle lists its files sorted; the circles are sorted by their first file. No circle: `[]`.
 */
export function findImportCycles(files: string[]): string[][] {
  const known = new Set(files.map((file) => resolve(file)));
  const edges = new Map<string, string[]>();
  for (const file of known) {
    const targets = relativeImports(readFileSync(file, "utf8"))
      .map((spec) => resolveWithin(known, resolve(dirname(file), spec)))
      .filter((target): target is string => target !== undefined);
    edges.set(file, [...new Set(targets)]);
  }
  return stronglyConnected(edges)
    .filter((component) => component.length > 1 || edges.get(component[0]!)!.includes(component[0]!))
    .map((component) => component.sort())
    .sort((a, b) => (a[0]! < b[0]! ? -1 : a[0]! > b[0]! ? 1 : 0));
}

function resolveWithin(known: ReadonlySet<string>, target: string): string | undefined {
  for (const candidate of [target, `${target}.ts`, `${target}/index.ts`]) if (known.has(candidate)) return candidate;
  return undefined;
}

/**
 * Tarjan's algorithm, with an explicit stack so that a long chain of imports cannot overflow the
 * call stack. Returns every strongly connected component (single files included).
 */
function stronglyConnected(edges: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const lowLink = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  let next = 0;

  for (const root of edges.keys()) {
    if (index.has(root)) continue;
    // Each frame is a file and how many of its imports were already followed.
    const frames: { file: string; followed: number }[] = [{ file: root, followed: 0 }];
    index.set(root, next);
    lowLink.set(root, next++);
    stack.push(root);
    onStack.add(root);
    while (frames.length > 0) {
      const frame = frames[frames.length - 1]!;
      const targets = edges.get(frame.file)!;
      if (frame.followed < targets.length) {
        const target = targets[frame.followed++]!;
        if (!index.has(target)) {
          index.set(target, next);
          lowLink.set(target, next++);
          stack.push(target);
          onStack.add(target);
          frames.push({ file: target, followed: 0 });
        } else if (onStack.has(target)) {
          lowLink.set(frame.file, Math.min(lowLink.get(frame.file)!, index.get(target)!));
        }
        continue;
      }
      frames.pop();
      const parent = frames[frames.length - 1];
      if (parent) lowLink.set(parent.file, Math.min(lowLink.get(parent.file)!, lowLink.get(frame.file)!));
      if (lowLink.get(frame.file) === index.get(frame.file)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.file);
        components.push(component);
      }
    }
  }
  return components;
}
