// Types for the non-code files src/db embeds into the build with import attributes.

/** drizzle-kit migration SQL, imported `with { type: "text" }`. */
declare module "*.sql" {
  const text: string;
  export default text;
}

/** PGlite's runtime files, imported `with { type: "file" }`: a path Bun.file can open, also inside a compiled executable. */
declare module "@electric-sql/pglite/pglite.wasm" {
  const path: string;
  export default path;
}
declare module "@electric-sql/pglite/initdb.wasm" {
  const path: string;
  export default path;
}
declare module "@electric-sql/pglite/pglite.data" {
  const path: string;
  export default path;
}
