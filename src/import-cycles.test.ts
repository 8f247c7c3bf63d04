/**
 * No circle of imports inside the contexts listed here: a file may import a sibling, never a
 * sibling that (through others) imports it back. A circle makes the files in it one unit in
 * disguise: none can be read, tested or moved alone, and run-time circles leave a name undefined
 * at load time depending on which file was entered first. Type imports count (see
 * `import-graph.test-support.ts`).
 */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { findImportCycles, relativeImports } from "./import-graph.test-support.ts";

const SRC = import.meta.dir;

/** Contexts held free of import circles (each checked on its own files, tests included). */
const ACYCLIC_CONTEXTS = ["server", "client", "protocol", "map"];

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sourceFiles(path, out);
    else if (/\.(ts|tsx|mts)$/.test(name) && !name.endsWith(".d.ts")) out.push(path);
  }
  return out;
}

describe("no import circles", () => {
  for (const context of ACYCLIC_CONTEXTS) {
    test(`src/${context} has none (type imports included)`, () => {
      const files = sourceFiles(join(SRC, context));
      expect(files.length).toBeGreaterThan(5);
      const circles = findImportCycles(files).map((circle) => circle.map((file) => relative(SRC, file)));
      expect(circles).toEqual([]);
    });
  }
});

describe("the cycle finder itself", () => {
  const dir = mkdtempSync(join(tmpdir(), "import-graph-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const write = (name: string, text: string): string => {
    const path = join(dir, name);
    mkdirSync(join(path, ".."), { recursive: true });
    writeFileSync(path, text);
    return path;
  };

  test("reads every kind of relative import and nothing else", () => {
    const text = [
      '/**\n * import { comment } from "./in-a-comment.ts";\n */',
      '// import { line } from "./in-a-line-comment.ts";',
      'import { a } from "./a.ts";',
      'import type { B } from "../b.ts";',
      "import {\n  c,\n  type C,\n} from './c.ts';",
      'export { d } from "./d.ts";',
      'export * from "./e.ts";',
      'export type { F } from "./f.ts";',
      'import "./g.ts";',
      'const h = await import("./h.ts");',
      'export * as ns from "./i.ts";',
      'type J = import("./j.ts").J;',
      'import { z } from "zod";',
      'export const NAME = "import { x } from \'./in-a-string.ts\'";',
      "const QUOTES = /[\"'`]/;",
    ].join("\n");
    expect(relativeImports(text)).toEqual(["./a.ts", "../b.ts", "./c.ts", "./d.ts", "./e.ts", "./f.ts", "./g.ts", "./h.ts", "./i.ts", "./j.ts"]);
  });

  test("finds a type-only circle, a re-export circle, a lazy one and a self-import; ignores a chain and outside files", () => {
    const files = [
      // a -> b (type) -> a (value): one circle.
      write("a.ts", 'import type { B } from "./b.ts";\nexport const a = 1;\n'),
      write("b.ts", 'import { a } from "./a.ts";\nexport type B = typeof a;\n'),
      // c -> d/index (extensionless folder import) -> e -> c (export from): one circle of three.
      write("c.ts", 'import { d } from "./d";\nexport const c = d;\n'),
      write("d/index.ts", 'export * from "../e.ts";\nexport const d = 1;\n'),
      write("e.ts", 'export { c } from "./c.ts";\n'),
      // f -> g by a dynamic import, g -> f by a bare import.
      write("f.ts", 'export const g = () => import("./g.ts");\n'),
      write("g.ts", 'import "./f.ts";\n'),
      write("self.ts", 'export { x } from "./self.ts";\nexport const x = 1;\n'),
      // A chain into a circle is not part of it; an import of a file outside the set is no edge.
      write("chain.ts", 'import { a } from "./a.ts";\nimport { o } from "./outside.ts";\nexport const chain = a + o;\n'),
    ];
    write("outside.ts", 'import { chain } from "./chain.ts";\nexport const o = chain;\n');
    const circles = findImportCycles(files).map((circle) => circle.map((file) => relative(dir, file)));
    expect(circles).toEqual([["a.ts", "b.ts"], ["c.ts", "d/index.ts", "e.ts"], ["f.ts", "g.ts"], ["self.ts"]]);
  });

  test("no circle in a tree of imports", () => {
    const files = [write("tree/root.ts", 'import "./left.ts";\nimport "./right.ts";\n'), write("tree/left.ts", 'import "./leaf.ts";\n'), write("tree/right.ts", 'import "./leaf.ts";\n'), write("tree/leaf.ts", "export {};\n")];
    expect(findImportCycles(files)).toEqual([]);
  });
});
