/**
 * The bot process's own resource use, for reports: CPU time and resident memory. Reads the real
 * process, so it is not deterministic; kept in one small file the purity test allows.
 */

const US_PER_MS = 1000;

export interface HostUsage {
  /** User + system CPU of the whole process (all threads), ms. */
  readonly cpuMs: number;
  readonly rssBytes: number;
}

export type HostProbe = () => HostUsage;

export const processUsage: HostProbe = () => {
  const cpu = process.cpuUsage();
  return { cpuMs: (cpu.user + cpu.system) / US_PER_MS, rssBytes: process.memoryUsage().rss };
};
