/**
 * Server side of the browser client: the routes that serve the page. Bun bundles `index.html`
 * (its script and stylesheet) when the server starts, and at build time inside
 * `bun build --compile`, so the compiled executable carries the client. Not browser code.
 *
 * ```ts
 * import { createClientRoutes } from "../client/serve.ts";
 * Bun.serve({ routes: { ...createClientRoutes(worldInfo), "/health": … }, fetch, websocket });
 * ```
 */
import clientPage from "./index.html";
import type { WorldInfoJson } from "./world-info.ts";

export { buildWorldInfoJson, type WorldInfoJson } from "./world-info.ts";

/** The bundled page, for servers that build their own route table. */
export { clientPage };

/** What `createClientRoutes` returns: spread it into `Bun.serve({ routes })`. */
export interface ClientRoutes {
  readonly "/": typeof clientPage;
  readonly "/api/world": () => Response;
}

const JSON_HEADERS = { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" };

/**
 * Routes to spread into `Bun.serve({ routes })`: `/` (the client page and its bundled assets)
 * and `/api/world` (home cities and object names; without `world` an empty document, and the
 * client falls back to the AO20 city list).
 */
export function createClientRoutes(world?: WorldInfoJson): ClientRoutes {
  const body = JSON.stringify(world ?? { name: "", homeCities: [], objects: [] });
  return {
    "/": clientPage,
    "/api/world": () => new Response(body, { headers: JSON_HEADERS }),
  };
}
