/** Every `argentum` command; the first is the default. */
import type { Command } from "./command.ts";
import { serveCommand } from "./serve-command.ts";
import { migrateCommand } from "./migrate-command.ts";
import { importCommand } from "./import-command.ts";
import { protocolCommand } from "./protocol-command.ts";
import { botsCommand } from "./bots-command.ts";
import { adminCommand } from "./admin-command.ts";
import { backupCommand, restoreCommand } from "./backup-command.ts";
import { balanceCommand } from "./balance-command.ts";
import { gatewayCommand, mapnodeCommand } from "./cluster-commands.ts";

export const COMMANDS: readonly Command[] = [serveCommand, migrateCommand, importCommand, protocolCommand, botsCommand, adminCommand, backupCommand, restoreCommand, balanceCommand, gatewayCommand, mapnodeCommand];
