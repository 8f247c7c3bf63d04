/**
 * The information and settings of the GM's own map (gm-and-moderation §2.7, rows 191–198):
 * `/MODMAPINFO BACKUP|RESTRINGIR|MAGIASINEFECTO|INVISINEFECTO|RESUSINEFECTO|TERRENO|ZONA v` and
 * `/MAPSETTING DROPITEMS|SAFEPVP v` (`/MODMAPINFO SEGURO` is world.ts's). The gate let the sender
 * through (and refuses the rest, Dios and up, role masters for all but BACKUP) and audits what
 * each returns. Every change is written to this map's definition on this map's worker, the only
 * authority for its map: other maps and the world do not see it.
 *
 * What each one changes here, and the decisions (named by the quirk they settle):
 * - RESTRINGIR word: toggles one restriction, as VB6 (the word upper-cased): SINMAGIA forbids
 *   casting on this map (Msg779), SININVI the invisibility spell on a player here (Msg797);
 *   NEWBIE, NOPKS and NOCIUD are kept and answered, but this server does not check them yet (VB6
 *   reads them on the map a player leaves by an exit, and when a player turns criminal or
 *   citizen on the map). Another word: Msg989, refused, nothing changes.
 * - G32 (fixed): MAGIASINEFECTO v and INVISINEFECTO v set SINMAGIA and SININVI to v (VB6 only
 *   wrote a log line) and answer Msg1509 / Msg1512; RESUSINEFECTO is refused with a line that
 *   says so (G32-RESU): no rule here, nor in VB6 today, forbids resurrecting on a map.
 * - MAPINFO-MEMORY: BACKUP, TERRENO and ZONA wrote mapa<N>.dat in VB6; this server keeps world
 *   packs read-only, so the change lasts until the server stops (a second line tells the GM).
 *   Nothing here reads the backup flag or the terrain yet; the zone is what `/HOGAR` reads.
 * - TERRAIN-WORDS: TERRENO and ZONA take exactly BOSQUE NIEVE DESIERTO CIUDAD CAMPO DUNGEON
 *   (upper case, as VB6); another text: Msg990 + Msg991 (Msg992 + Msg993), refused.
 * - G31 (fixed in the codec): `ChangeMapSetting` is always read as u8 setting, u8 value, so a
 *   sender without the rank is refused by the gate and stays connected (VB6 left the value
 *   unread and kicked it for the extra byte). Settings: 0 DropItems (a player who dies here drops
 *   what falls), 1 SafeFight (every fight between players here is a safe fight: no crime, no
 *   combat state), 2 FriendlyFire (kept; this server has no event teams). Any other: Msg997 and
 *   the usage line, refused.
 * - MAPSETTING-VALUE: any value but 0 is on (VB6 stored the byte in a Boolean).
 * - MAPSETTING-LOG: the audit row names the setting and its old and new value (VB6's log line
 *   printed DropItems for all three).
 */
import type { MapRestriction } from "../../../content/index.ts";
import { LocaleId, MESSAGES, type MapRestrictionLocaleId, type MapSettingLocaleId } from "../../../game/messages/index.ts";
import type { ClientPacketFields } from "../../../protocol/index.ts";
import type { MapContext, PlayerEntity } from "../../kernel/index.ts";
import type { StaffEffect, StaffOutcome } from "./gate.ts";

/** The words `/MODMAPINFO RESTRINGIR` takes, the restriction each toggles and its line. */
export const RESTRICTION_WORDS: Readonly<Record<string, { readonly restriction: MapRestriction; readonly line: MapRestrictionLocaleId }>> = {
  NEWBIE: { restriction: "newbie", line: LocaleId.MapNewbieStatus },
  SINMAGIA: { restriction: "noMagic", line: LocaleId.MapNoMagicStatus },
  NOPKS: { restriction: "noPks", line: LocaleId.MapNoPksStatus },
  NOCIUD: { restriction: "noCitizens", line: LocaleId.MapNoCitizensStatus },
  SININVI: { restriction: "noInvisibility", line: LocaleId.MapNoInvisibilityStatus },
};

/** TERRAIN-WORDS: what `/MODMAPINFO TERRENO` and `ZONA` take, exactly. */
export const TERRAIN_WORDS: readonly string[] = ["BOSQUE", "NIEVE", "DESIERTO", "CIUDAD", "CAMPO", "DUNGEON"];

/** `e_MapSetting`: the settings `/MAPSETTING` changes, by number. */
export const MapSetting = { DropItems: 0, SafeFight: 1, FriendlyFire: 2 } as const;

function hasRestriction(ctx: MapContext, restriction: MapRestriction): boolean {
  return ctx.definition.restrictions?.includes(restriction) === true;
}

/** Sets one restriction of this map; its value before. */
function setRestriction(ctx: MapContext, restriction: MapRestriction, on: boolean): boolean {
  const before = hasRestriction(ctx, restriction);
  const others = (ctx.definition.restrictions ?? []).filter((each) => each !== restriction);
  ctx.definition.restrictions = on ? [...others, restriction] : others;
  return before;
}

function changed(name: string, before: boolean | string, after: boolean | string, memoryOnly = false): StaffOutcome {
  return { outcome: "ok", detail: `${name} ${before === "" ? "none" : before} -> ${after}${memoryOnly ? " (memory only)" : ""}` };
}

/** `/MODMAPINFO BACKUP 0|1` (`HandleChangeMapInfoBackup`): the map's backup flag, Msg1507; MAPINFO-MEMORY. */
export function setMapBackup(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"ChangeMapInfoBackup">): StaffOutcome {
  const before = ctx.definition.backup === true;
  ctx.definition.backup = fields.backup;
  ctx.tell(player, MESSAGES.mapBackupStatus(ctx.definition.id, fields.backup));
  ctx.tell(player, MESSAGES.mapChangeNotSaved());
  return changed("backup", before, fields.backup, true);
}

/** `/MODMAPINFO RESTRINGIR palabra` (`HandleChangeMapInfoRestricted`): toggles one restriction, its line. */
export function toggleMapRestriction(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"ChangeMapInfoRestricted">): StaffOutcome {
  const word = fields.restriction.trim().toUpperCase();
  const known = Object.hasOwn(RESTRICTION_WORDS, word) ? RESTRICTION_WORDS[word] : undefined;
  if (known === undefined) {
    ctx.tell(player, MESSAGES.mapRestrictOptions());
    return { outcome: "refused_rule", detail: "unknown_restriction" };
  }
  const before = hasRestriction(ctx, known.restriction);
  setRestriction(ctx, known.restriction, !before);
  ctx.tell(player, MESSAGES.mapRestrictionStatus(known.line, ctx.definition.id, !before));
  return changed(known.restriction, before, !before);
}

/** G32 fixed: `MAGIASINEFECTO v` / `INVISINEFECTO v` set the restriction RESTRINGIR toggles. */
function setFromBool(ctx: MapContext, player: PlayerEntity, restriction: MapRestriction, line: MapRestrictionLocaleId, on: boolean): StaffOutcome {
  const before = setRestriction(ctx, restriction, on);
  ctx.tell(player, MESSAGES.mapRestrictionStatus(line, ctx.definition.id, on));
  return changed(restriction, before, on);
}

/** `/MODMAPINFO MAGIASINEFECTO 0|1` (`HandleChangeMapInfoNoMagic`): casting forbidden on this map, or not. */
export function setMapNoMagic(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"ChangeMapInfoNoMagic">): StaffOutcome {
  return setFromBool(ctx, player, "noMagic", LocaleId.MapNoMagicStatus, fields.noMagic);
}

/** `/MODMAPINFO INVISINEFECTO 0|1` (`HandleChangeMapInfoNoInvi`): invisibility forbidden on this map, or not. */
export function setMapNoInvisibility(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"ChangeMapInfoNoInvi">): StaffOutcome {
  return setFromBool(ctx, player, "noInvisibility", LocaleId.MapNoInvisibilityStatus, fields.noInvisibility);
}

/** `/MODMAPINFO RESUSINEFECTO v` (`HandleChangeMapInfoNoResu`): G32-RESU, refused with a line, nothing changes. */
export function refuseMapNoResurrection(ctx: MapContext, player: PlayerEntity): StaffOutcome {
  ctx.tell(player, MESSAGES.noResurrectionRule());
  return { outcome: "refused_rule", detail: "no_such_rule" };
}

/** `/MODMAPINFO TERRENO palabra` (`HandleChangeMapInfoLand`): TERRAIN-WORDS, Msg1513; MAPINFO-MEMORY. */
export function setMapTerrain(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"ChangeMapInfoLand">): StaffOutcome {
  if (!TERRAIN_WORDS.includes(fields.land)) {
    ctx.tell(player, MESSAGES.mapTerrainOptions());
    ctx.tell(player, MESSAGES.mapTerrainHint());
    return { outcome: "refused_rule", detail: "unknown_terrain" };
  }
  const before = ctx.definition.terrain ?? "";
  ctx.definition.terrain = fields.land;
  ctx.tell(player, MESSAGES.mapTerrainSet(ctx.definition.id, fields.land));
  ctx.tell(player, MESSAGES.mapChangeNotSaved());
  return changed("terrain", before, fields.land, true);
}

/** `/MODMAPINFO ZONA palabra` (`HandleChangeMapInfoZone`): TERRAIN-WORDS, Msg1514; MAPINFO-MEMORY. */
export function setMapZone(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"ChangeMapInfoZone">): StaffOutcome {
  if (!TERRAIN_WORDS.includes(fields.zone)) {
    ctx.tell(player, MESSAGES.mapZoneOptions());
    ctx.tell(player, MESSAGES.mapZoneHint());
    return { outcome: "refused_rule", detail: "unknown_zone" };
  }
  const before = ctx.definition.zone ?? "";
  ctx.definition.zone = fields.zone;
  ctx.tell(player, MESSAGES.mapZoneSet(ctx.definition.id, fields.zone));
  ctx.tell(player, MESSAGES.mapChangeNotSaved());
  return changed("zone", before, fields.zone, true);
}

/** The settings by number: the definition's field, its value when absent, the line that answers. */
const SETTINGS: Readonly<Record<number, { readonly field: "dropItems" | "safeFight" | "friendlyFire"; readonly absent: boolean; readonly line: MapSettingLocaleId }>> = {
  [MapSetting.DropItems]: { field: "dropItems", absent: true, line: LocaleId.MapDropItemsUpdated },
  [MapSetting.SafeFight]: { field: "safeFight", absent: false, line: LocaleId.MapSafeFightUpdated },
  [MapSetting.FriendlyFire]: { field: "friendlyFire", absent: true, line: LocaleId.MapFriendlyFireUpdated },
};

/** `/MAPSETTING DROPITEMS|SAFEPVP v` (`HandleChangeMapSetting`): one setting of this map, MAPSETTING-VALUE and -LOG. */
export function changeMapSetting(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"ChangeMapSetting">): StaffOutcome {
  const setting = Object.hasOwn(SETTINGS, fields.setting) ? SETTINGS[fields.setting] : undefined;
  if (setting === undefined) {
    ctx.tell(player, MESSAGES.mapSettingUnknown());
    ctx.tell(player, MESSAGES.mapSettingUsage());
    return { outcome: "refused_rule", detail: `unknown_setting ${fields.setting}` };
  }
  const before = ctx.definition[setting.field] ?? setting.absent;
  const on = fields.value !== 0;
  ctx.definition[setting.field] = on;
  ctx.tell(player, MESSAGES.mapSettingUpdated(setting.line));
  return changed(setting.field, before, on);
}

export const MAP_INFO_EFFECTS = {
  ChangeMapInfoBackup: setMapBackup,
  ChangeMapInfoRestricted: toggleMapRestriction,
  ChangeMapInfoNoMagic: setMapNoMagic,
  ChangeMapInfoNoInvi: setMapNoInvisibility,
  ChangeMapInfoNoResu: refuseMapNoResurrection,
  ChangeMapInfoLand: setMapTerrain,
  ChangeMapInfoZone: setMapZone,
  ChangeMapSetting: changeMapSetting,
} satisfies {
  readonly ChangeMapInfoBackup: StaffEffect<"ChangeMapInfoBackup">;
  readonly ChangeMapInfoRestricted: StaffEffect<"ChangeMapInfoRestricted">;
  readonly ChangeMapInfoNoMagic: StaffEffect<"ChangeMapInfoNoMagic">;
  readonly ChangeMapInfoNoInvi: StaffEffect<"ChangeMapInfoNoInvi">;
  readonly ChangeMapInfoNoResu: StaffEffect<"ChangeMapInfoNoResu">;
  readonly ChangeMapInfoLand: StaffEffect<"ChangeMapInfoLand">;
  readonly ChangeMapInfoZone: StaffEffect<"ChangeMapInfoZone">;
  readonly ChangeMapSetting: StaffEffect<"ChangeMapSetting">;
};
