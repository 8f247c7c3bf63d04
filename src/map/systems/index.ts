/**
 * Every map system, in hook order: when a moment fires (kernel/map-context.ts `HookHandlers`),
 * the systems that react to it run in this order, and a left click on an NPC is offered to them
 * in this order. The order is VB6's where it shows on the wire; `systems.test.ts` prints it for
 * every hook, so a change is a visible diff in review.
 *
 * - `leaving`: the trip home is forgotten, then the windows close (a shop or a trade, then the
 *   vault: a player never has two open, so their order shows nowhere), then the pets go
 *   (VB6 `CloseUser` / `WarpUserChar`).
 * - `npcClick`: the quests first (VB6 `LookatTile`'s click targets and quest NPCs come before
 *   `HandleWorldAction`), then a priest is a priest, then a trader's shop, then a banker's menu (VB6
 *   `HandleNpcInteractionByType`, as the shops came before the bank).
 *
 * Adding a system: docs/architecture.md, "Adding a system".
 */
import type { MapSystem } from "../kernel/index.ts";
import { bank } from "./bank.ts";
import { chat } from "./chat.ts";
import { combat } from "./combat/index.ts";
import { commerce } from "./commerce/index.ts";
import { cursor } from "./cursor.ts";
import { doors } from "./doors.ts";
import { decisions } from "./decisions/index.ts";
import { faction } from "./faction.ts";
import { home } from "./home.ts";
import { hotkeys } from "./hotkeys.ts";
import { info } from "./info.ts";
import { items } from "./items.ts";
import { logout } from "./logout.ts";
import { look } from "./look.ts";
import { movement } from "./movement.ts";
import { needs } from "./needs.ts";
import { penalties } from "./penalties.ts";
import { pets } from "./pets.ts";
import { petOrders } from "./pet-orders.ts";
import { planned } from "./planned.ts";
import { priest } from "./priest.ts";
import { quests } from "./quests.ts";
import { reading } from "./reading.ts";
import { rest } from "./rest.ts";
import { sheet } from "./sheet.ts";
import { skills } from "./skills.ts";
import { spells } from "./spells.ts";
import { staff } from "./staff/index.ts";
import { status } from "./status.ts";
import { stealth } from "./stealth.ts";
import { trainers } from "./trainers.ts";

export const SYSTEMS: readonly MapSystem[] = [
  movement,
  chat,
  cursor,
  combat,
  faction,
  spells,
  status,
  logout,
  items,
  look,
  doors,
  quests,
  priest,
  home,
  commerce,
  bank,
  pets,
  stealth,
  needs,
  rest,
  skills,
  info,
  sheet,
  reading,
  penalties,
  staff,
  trainers,
  petOrders,
  hotkeys,
  planned,
  decisions,
];
