/** What differs between `bun run` and the compiled executable: how worker entry files are found. */
export { workerEntry } from "./worker-entry.ts";
