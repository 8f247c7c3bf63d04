/**
 * Serving original AO graphics to the browser client, when the operator has them: the world
 * pack's graphics index (imported from the client's `init/` folder) at `/graphics/index.json`
 * and the numbered images of `--graphics DIR` at `/graphics/<n>.png`. Nothing else under the
 * folder is reachable: names are checked against a strict pattern and looked up in a listing.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { directorySource, readPackGraphics } from "../content/index.ts";

export const GRAPHICS_URL = "/graphics";
/** AO image files are named by number. */
const IMAGE_NAME = /^(\d{1,6})\.png$/;
const INDEX_PATH = `${GRAPHICS_URL}/index.json`;

export interface GraphicsFiles {
  /** Responds to `/graphics/...`, or undefined for other paths. */
  respond(pathname: string): Response | undefined;
  readonly imageCount: number;
}

export type GraphicsOutcome = { ok: true; files: GraphicsFiles } | { ok: false; message: string };

/** Reads the pack's graphics index and lists the image folder once, at start. */
export async function loadGraphicsFiles(worldDir: string | undefined, imagesDir: string): Promise<GraphicsOutcome> {
  if (!worldDir) return { ok: false, message: "--graphics needs an imported world (--world) whose pack carries the AO graphics index (import with --init)" };
  const read = await readPackGraphics(directorySource(worldDir));
  if (!read.ok) return { ok: false, message: `graphics index of ${worldDir}: ${read.errors[0]?.message ?? "unreadable"}` };
  if (!read.graphics) return { ok: false, message: `the world pack ${worldDir} has no graphics index; import it with --init DIR` };
  let names: string[];
  try {
    names = readdirSync(imagesDir);
  } catch (error) {
    return { ok: false, message: `graphics folder ${imagesDir} cannot be read (${(error as NodeJS.ErrnoException).code ?? "error"})` };
  }
  // AO folders mix cases (`123.PNG`); the URL is always lower case.
  const images = new Map<string, string>();
  for (const name of names) {
    const lower = name.toLowerCase();
    if (IMAGE_NAME.test(lower)) images.set(lower, join(imagesDir, name));
  }
  const indexJson = JSON.stringify(read.graphics);
  return {
    ok: true,
    files: {
      imageCount: images.size,
      respond(pathname) {
        if (!pathname.startsWith(`${GRAPHICS_URL}/`)) return undefined;
        if (pathname === INDEX_PATH) {
          return new Response(indexJson, { headers: { "content-type": "application/json; charset=utf-8", "cache-control": "max-age=3600" } });
        }
        const file = images.get(pathname.slice(GRAPHICS_URL.length + 1));
        if (!file) return new Response("no such image", { status: 404 });
        return new Response(Bun.file(file), { headers: { "content-type": "image/png", "cache-control": "max-age=86400" } });
      },
    },
  };
}
