/**
 * The check before a run: will the server take this many connections from us? The bots cannot
 * know the server's caps for sure; they read them from its `/metrics` when it exports them, and
 * otherwise assume the server's defaults and say so ("by default"). A run over a cap still goes
 * ahead (the server may have been started with a higher one): the warning says what will
 * happen and how to avoid it, before a minute of logins does.
 */
import { perAddressRemedy, type RemedyContext, type ServerLimit } from "./failure-causes.ts";

/** The server's `--max-connections-per-ip` default (src/config). A test keeps them in step. */
export const SERVER_DEFAULT_MAX_CONNECTIONS_PER_IP = 10;
/** The server's `--max-connections` default (src/config). */
export const SERVER_DEFAULT_MAX_CONNECTIONS = 5_000;

/** The gauges a server may export its caps as; the defaults stand in when they are missing. */
export const PER_ADDRESS_CAP_METRIC = "argentum_max_connections_per_ip";
export const TOTAL_CAP_METRIC = "argentum_max_connections";

/** The caps to plan with: the exported ones, else the defaults. */
export function serverLimits(exported: { readonly maxConnectionsPerIp: number; readonly maxConnections: number } | undefined): { perAddress: ServerLimit; total: ServerLimit } {
  const pick = (value: number | undefined, fallback: number): ServerLimit =>
    value !== undefined && Number.isInteger(value) && value > 0 ? { value, source: "metrics" } : { value: fallback, source: "default" };
  return {
    perAddress: pick(exported?.maxConnectionsPerIp, SERVER_DEFAULT_MAX_CONNECTIONS_PER_IP),
    total: pick(exported?.maxConnections, SERVER_DEFAULT_MAX_CONNECTIONS),
  };
}

/** Warnings for a run of `context.bots` bots against the caps in `context` (none: it fits). */
export function connectionWarnings(context: RemedyContext): string[] {
  const warnings: string[] = [];
  const addresses = Math.max(1, context.sourceAddresses);
  const room = addresses * context.perAddressCap.value;
  if (context.bots > room) {
    const from = context.sourceAddresses > 0 ? `${context.sourceAddresses} source addresses` : "one address";
    warnings.push(`${context.bots} bots from ${from} is more than the server lets in from there (${room}): about ${context.bots - room} will be refused; ${perAddressRemedy(context)}`);
  }
  const total = context.maxConnections;
  if (context.bots > total.value) {
    warnings.push(`${context.bots} bots is more than the server admits in total (${total.value}${total.source === "default" ? " by default" : ""}): raise --max-connections on the server, or run fewer bots`);
  }
  return warnings;
}
