/**
 * Pack map files imported with `with { type: "file" }` (see embedded.ts): Bun hands back the
 * file's path (inside the executable once compiled), not its content.
 */
declare module "*.bin" {
  const path: string;
  export default path;
}
