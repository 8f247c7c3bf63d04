/**
 * The main thread's services (docs/architecture.md, "The service channel"): the contract
 * (service.ts), the registry the world dispatches through (registry.ts), and one file per
 * service. A new service is its file and one entry in `registerServices`.
 */
import { BankService, type BankServiceOptions } from "./bank.ts";
import { StaffService, type StaffServiceOptions } from "./staff.ts";
import type { ServiceRegistry } from "./registry.ts";
import type { ServiceContext } from "./service.ts";

export type { ServiceContext, ServicePlacement, ServicePlayer, ServiceRequest, WorldService } from "./service.ts";
export { AUDIT_RETRY_MS, AUDIT_WRITE_ROWS, AuditLog, MAX_PENDING_AUDIT_ROWS, type AuditActor, type AuditRow, type AuditSink } from "./audit-log.ts";
export { StaffService, type StaffCommandRun, type StaffServiceOptions, type StaffSessions } from "./staff.ts";
export type { BanOutcome, BanTarget, StaffAct, StaffModeration, UnbanOutcome } from "./staff-bans.ts";
export type { PunishmentRecordEntry, SanctionOutcome, StaffSanctions } from "./staff-moderation.ts";
export { ServerSettings, type StaffInformationSources } from "./staff-information.ts";
export { EXCERPT_WAIT_MS, type StaffReportStore } from "./staff-reports.ts";
export type { StaffRenames } from "./staff-rename.ts";
export { CONSOLE_STANDING, lineText, type ConsoleCommand, type ConsoleCommandResult, type ConsoleOrder } from "./staff-console.ts";
export { ServiceRegistrationError, ServiceRegistry } from "./registry.ts";
export {
  BankService,
  creditBank,
  OFFLINE_TRANSFER_INTERVAL_MS,
  type BankCreditSettlement,
  type BankSaves,
  type BankServiceOptions,
  type BankSessions,
  type BankVaults,
  type CreditOutcome,
} from "./bank.ts";

/** What each service needs of the process that runs it, besides the world. */
export interface ServiceDependencies {
  bank: Omit<BankServiceOptions, "world">;
  staff: Omit<StaffServiceOptions, "world">;
}

/** The services a process runs, as built (the composition hands some of them callbacks). */
export interface RunningServices {
  bank: BankService;
  staff: StaffService;
}

/** Builds every service over `world` and registers it in `registry`. */
export function registerServices(registry: ServiceRegistry, world: ServiceContext, dependencies: ServiceDependencies): RunningServices {
  const bank = new BankService({ world, ...dependencies.bank });
  registry.register(bank);
  const staff = new StaffService({ world, ...dependencies.staff });
  registry.register(staff);
  return { bank, staff };
}
