/**
 * Loading the default world from the files embedded in the executable (or, when running from
 * source, from assets/world through the same imports).
 */
import { loadWorldPackFrom, type LoadWorldPackOptions, type LoadWorldPackOutcome, type PackFileSource } from "../pack/index.ts";
import { EMBEDDED_WORLD_FILES } from "./embedded.ts";

/** The embedded pack files as a pack source. */
export function embeddedWorldSource(): PackFileSource {
  return {
    description: "the default world embedded in the executable",
    async read(path) {
      const location = EMBEDDED_WORLD_FILES[path];
      if (location === undefined) return undefined;
      try {
        return await Bun.file(location).bytes();
      } catch {
        return undefined;
      }
    },
  };
}

/** Loads the default world (used when the server gets no `--world`). */
export function loadDefaultWorld(options: LoadWorldPackOptions = {}): Promise<LoadWorldPackOutcome> {
  return loadWorldPackFrom(embeddedWorldSource(), options);
}
