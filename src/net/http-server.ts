/**
 * HTTP on one port: health, Prometheus metrics, the map API, the browser client, and the
 * WebSocket upgrade at /ws.
 */
import type { BunRequest, Server, WebSocketHandler } from "bun";
import type { ClientRoutes } from "../client/serve.ts";
import type { WsState } from "./ws-endpoint.ts";

export interface HttpHandlers {
  health(): unknown;
  metrics(): string;
  /** A map as JSON for the browser client, or undefined when there is no such map. */
  mapJson(id: number): unknown | undefined;
  /** Static files (the browser client); undefined falls through to 404. */
  staticFile?(pathname: string): Response | undefined;
}

export interface HttpServerOptions {
  hostname: string;
  port: number;
  handlers: HttpHandlers;
  websocket: WebSocketHandler<WsState>;
  /** The browser client's page (bundled by Bun) and its world document. */
  clientRoutes?: ClientRoutes;
}

const JSON_HEADERS = { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" };
const MAX_MAP_ID = 100_000;

export function startHttpServer(options: HttpServerOptions): Server<WsState> {
  const { handlers } = options;
  return Bun.serve<WsState>({
    hostname: options.hostname,
    port: options.port,
    routes: {
      ...options.clientRoutes,
      "/health": () => Response.json(handlers.health(), { headers: JSON_HEADERS }),
      "/metrics": () =>
        new Response(handlers.metrics(), { headers: { "content-type": "text/plain; version=0.0.4; charset=utf-8" } }),
      "/api/map/:id": (request: BunRequest<"/api/map/:id">) => {
        const raw = request.params.id;
        const id = /^\d{1,6}$/.test(raw) ? Number(raw) : NaN;
        if (!Number.isInteger(id) || id < 1 || id > MAX_MAP_ID) return notFound(`no map ${JSON.stringify(raw)}`);
        const map = handlers.mapJson(id);
        return map === undefined ? notFound(`no map ${id}`) : Response.json(map, { headers: JSON_HEADERS });
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
