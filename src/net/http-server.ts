/**
 * HTTP on one port: health, Prometheus metrics, the map API, the browser client, and the
 * WebSocket upgrade at /ws.
 */
import { gunzipSync } from "node:zlib";
import type { BunRequest, Server, WebSocketHandler } from "bun";
import type { ClientRoutes } from "../client/serve.ts";
import type { WsState } from "./ws-endpoint.ts";

export interface HttpHandlers {
  health(): unknown;
  metrics(): string;
  /** A map as JSON for the browser client, or undefined when there is no such map. */
  mapJson(id: number): unknown | undefined;
  /**
   * A map's graphic layers (the gzipped `AOML` document of game/map-json and its SHA-256), or
   * undefined when the map or its layers do not exist.
   */
  mapLayers?(id: number): { readonly gzip: Uint8Array<ArrayBuffer>; readonly hash: string } | undefined;
  /** Static files (the browser client); undefined falls through to 404. */
  staticFile?(pathname: string): Response | undefined;
  /** A cluster gateway's `GET /api/cluster`: its map nodes and who owns which map. */
  cluster?(): Promise<unknown>;
}

export interface HttpServerOptions {
  hostname: string;
  port: number;
  handlers: HttpHandlers;
  websocket: WebSocketHandler<WsState>;
  /** The browser client's page (bundled by Bun) and its world document. */
  clientRoutes?: ClientRoutes;
  /** More routes of the composition (the operator console's, when it has a token). */
  extraRoutes?: Record<string, unknown>;
}

const JSON_HEADERS = { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" };
const MAX_MAP_ID = 100_000;
/**
 * Layers change only with the world, so browsers keep them but ask each time (`no-cache`) with
 * the ETag, and get a 304 until the world changes. The ETag is weak because the bytes depend on
 * the encoding (gzip as stored, or inflated for a client that takes no gzip); the content, the
 * file's SHA-256 from the pack manifest, is the same.
 */
const LAYERS_HEADERS = { "content-type": "application/octet-stream", "cache-control": "no-cache", vary: "accept-encoding" };

/** The map id of a route parameter, or NaN for anything but 1..MAX_MAP_ID in plain digits. */
function mapIdOf(raw: string): number {
  const id = /^\d{1,6}$/.test(raw) ? Number(raw) : NaN;
  return Number.isInteger(id) && id >= 1 && id <= MAX_MAP_ID ? id : NaN;
}

/** True when an `If-None-Match` header lists `etag` (weak comparison, as RFC 9110 asks for GET). */
function matchesEtag(header: string | null, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.split(",").some((tag) => tag.trim() === "*" || bare(tag) === bare(etag));
}

/** Accepts gzip unless the client's `Accept-Encoding` leaves it out or gives it q=0. */
function acceptsGzip(header: string | null): boolean {
  if (!header) return false;
  return header.split(",").some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(";");
    if (coding !== "gzip" && coding !== "*") return false;
    const q = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

export function startHttpServer(options: HttpServerOptions): Server<WsState> {
  const { handlers } = options;
  return Bun.serve<WsState>({
    // Production serving: the client page is bundled once, with no file watcher per server (in
    // development mode each server took an inotify watcher; the parallel suite ran out: EMFILE).
    development: false,
    hostname: options.hostname,
    port: options.port,
    routes: {
      ...options.clientRoutes,
      ...(options.extraRoutes as Record<string, never> | undefined),
      "/health": () => Response.json(handlers.health(), { headers: JSON_HEADERS }),
      "/metrics": () =>
        new Response(handlers.metrics(), { headers: { "content-type": "text/plain; version=0.0.4; charset=utf-8" } }),
      "/api/cluster": async () => {
        if (!handlers.cluster) return notFound("not a cluster gateway");
        try {
          return Response.json(await handlers.cluster(), { headers: JSON_HEADERS });
        } catch (error) {
          return Response.json({ error: `the cluster's state could not be read: ${(error as Error).message}` }, { status: 503, headers: JSON_HEADERS });
        }
      },
      "/api/map/:id": (request: BunRequest<"/api/map/:id">) => {
        const raw = request.params.id;
        const id = mapIdOf(raw);
        if (Number.isNaN(id)) return notFound(`no map ${JSON.stringify(raw)}`);
        const map = handlers.mapJson(id);
        return map === undefined ? notFound(`no map ${id}`) : Response.json(map, { headers: JSON_HEADERS });
      },
      "/api/map/:id/layers": (request: BunRequest<"/api/map/:id/layers">) => {
        const raw = request.params.id;
        const id = mapIdOf(raw);
        if (Number.isNaN(id)) return notFound(`no map ${JSON.stringify(raw)}`);
        const layers = handlers.mapLayers?.(id);
        if (!layers) return notFound(`map ${id} has no graphic layers`);
        const etag = `W/"${layers.hash}"`;
        if (matchesEtag(request.headers.get("if-none-match"), etag)) return new Response(null, { status: 304, headers: { etag, ...LAYERS_HEADERS } });
        if (acceptsGzip(request.headers.get("accept-encoding"))) {
          return new Response(layers.gzip, { headers: { etag, "content-encoding": "gzip", ...LAYERS_HEADERS } });
        }
        // The bytes passed the pack's SHA-256 check at load, so only a hand-made pack fails here (500).
        return new Response(gunzipSync(layers.gzip), { headers: { etag, ...LAYERS_HEADERS } });
      },
    },
    fetch(request, server) {
      const url = new URL(request.url);
      if (url.pathname === "/ws") {
        const remoteAddress = server.requestIP(request)?.address ?? "unknown";
        if (server.upgrade(request, { data: { remoteAddress } })) return undefined;
        return new Response("expected a WebSocket upgrade", { status: 426 });
      }
      return handlers.staticFile?.(url.pathname) ?? notFound("not found");
    },
    websocket: options.websocket,
    error(error) {
      return Response.json({ error: "internal", message: error.message }, { status: 500 });
    },
  });
}

function notFound(message: string): Response {
  return Response.json({ error: "not_found", message }, { status: 404, headers: JSON_HEADERS });
}
