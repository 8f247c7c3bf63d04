/**
 * The names of the password-hash series: the server writes them (server/password-hash-metrics.ts)
 * and the bots' report reads them (bots/server-metrics.ts), from this one table.
 */
export const PASSWORD_HASH_METRIC_NAMES = {
  setting: "argentum_password_hash_info",
  seconds: "argentum_password_hash_seconds",
  byWork: "argentum_password_hashes_total",
  inFlight: "argentum_password_hashes_in_flight",
  aloneSeconds: "argentum_password_hash_alone_seconds",
  cpuSeconds: "argentum_password_hash_cpu_seconds",
  ceilingPerSecond: "argentum_password_hash_ceiling_per_second",
} as const;
