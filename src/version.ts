import packageJson from "../package.json" with { type: "json" };

/** The release version, from package.json (embedded in the executable at build time). */
export const VERSION: string = packageJson.version;
