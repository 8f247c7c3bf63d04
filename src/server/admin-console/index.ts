/**
 * The operator console (issue 25): with `--admin-token` the HTTP port serves the page `/admin`
 * and its JSON API `/api/admin/*` (routes.ts, behind auth.ts); without a token neither exists
 * (404, as any unknown path). The page holds no secret: the operator types the token into it.
 *
 * ```ts
 * startHttpServer({ …, extraRoutes: adminConsoleRoutes(deps) });
 * ```
 */
import type { Server } from "bun";
import adminPage from "./page.html";
import { AdminConsoleApi, type AdminConsoleDeps } from "./routes.ts";

export { AdminConsoleApi, CONSOLE_OPERATOR, MAX_BODY_BYTES, SCHEMAS, statusOfOutcome, type AdminConsoleDeps } from "./routes.ts";
export { AdminAuth, bearerTokenOf, FailedAttemptLimiter, TokenCheck, MAX_FAILED_ATTEMPTS, FAILED_ATTEMPT_WINDOW_MS } from "./auth.ts";
export { MetricsSampler, type MetricsReading } from "./metrics-sampler.ts";

/** The console's routes to spread into `Bun.serve({ routes })`. */
export function adminConsoleRoutes(deps: AdminConsoleDeps) {
  const api = new AdminConsoleApi(deps);
  const handle = (request: Request, server: Server<unknown>) => api.handle(request, server.requestIP(request)?.address ?? "unknown");
  return {
    "/admin": adminPage,
    "/api/admin": handle,
    "/api/admin/*": handle,
  };
}
