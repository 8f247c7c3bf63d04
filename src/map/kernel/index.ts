/**
 * The map kernel: the verbs two or more systems use, and the hooks and tables systems plug into.
 * It imports no system and decides nothing a rule in `src/game/*` should decide: it stores the
 * rules' outcomes, sends what VB6 sends at that point, and fires the hooks at the VB6 moments.
 * Systems (`src/map/systems/*`) import this face, the game and protocol faces, and the systems
 * their manifest `uses`; `src/map/architecture.test.ts` holds the line.
 *
 * Layers, each importing only those above it in this list: vitals, tiles, targets, inventory,
 * ground, progression, faction, status, hiding, interrupts, npcs, npc-damage, death, status-clock, pvp,
 * npc-ai-loop, presence, systems.
 */
export type {
  Arrival,
  Departure,
  ExperienceGrantRequest,
  ExperienceSource,
  HookHandlers,
  HookName,
  Interruption,
  MapContext,
  MapHooks,
  MapRules,
  MapStats,
  MapSweeps,
  MapTerrain,
  NpcAi,
  NpcAttackHook,
  NpcClickHandler,
  ObjectClickHandler,
  NpcOnNpcHook,
  SystemRoutes,
  WorkClickHandler,
  WorkHandler,
} from "../map-context.ts";
export { isTrading, type Entity, type NpcEntity, type NpcShop, type PeerTrade, type Place, type PlayerEntity, type TradeOffer } from "../entity-store.ts";
export type { MapHandOver, PetHandOver, StaffSelfHandOver } from "../map-events.ts";
// staff information (gm-info)
export type { CharacterSheetKind } from "../service-protocol.ts";
export type { AuditOutcome, AuditedAction, BankAnswer, BankRequest, BankTransferAnswer, LoadedVault, Sanction, ServiceName, ServiceProtocol, StaffAnswer, StaffRequest, StaffServiceCommand, TargetAct, TargetReport, ToMap, ToWorld, WorldTile } from "../service-protocol.ts";
export type { BankSlotFrame, InventorySlotFrame, TradeSlotFrame } from "../map-packets.ts";
export { COLOUR_RED, COLOUR_WHISPER, COLOUR_WHITE } from "../map-packets.ts";
export type { BusMessage, StaffSound } from "../cross-map-bus.ts";
export { npcTemplate } from "../npc-templates.ts";

export { isAlive, isDead, sendVitalChanges, setPlayerHp, setVitals, spendStamina, writeVitals, type Vitals } from "./vitals.ts";
export { setTileBlocked, setTrigger, TRIGGER_ARENA, TRIGGER_SAFE_ZONE, triggerAt } from "./tiles.ts";
export {
  CLICK_RANGE_X,
  CLICK_RANGE_Y,
  entityAt,
  LOOK_RANGE_X,
  LOOK_RANGE_Y,
  lookAtTile,
  manhattan,
  onScreen,
  requestTargetCursor,
  targetNpcOf,
  targetUserOf,
  withinLookRange,
} from "./targets.ts";
export {
  afterUnequip,
  applyEquipEffects,
  applyLook,
  commit,
  inventoryFrames,
  sendSpellSlot,
  sendWholeInventory,
  slotFrame,
  unequipAll,
  unequipSlot,
  wearerOf,
} from "./inventory.ts";
export { dropAround, groundGrid, putPile, removePile } from "./ground.ts";
export { grantExperience, levelUp, raiseSkillByUse, rewardNpcDamage, EXP_TEXT_COLOUR, LEVEL_UP_FX, LEVEL_UP_SOUND, SKILL_UP_TEXT_COLOUR, type ExperienceGrant } from "./progression.ts";
export { setFactionStatus, turnCriminal } from "./faction.ts";
export { endMeditation, npcHitMeditator, statusSubjectOf, stopMeditating, type StatusTarget } from "./status.ts";
export { attackerRevealed, endHiding, isHidden } from "./hiding.ts";
export { cancelExit, interrupt, stopExit } from "./interrupts.ts";
export { killNpc, npcAttacked, npcSpawnTile, placeNpc, spawnNpc, warpNpc, type NpcComeback } from "./npcs.ts";
export { damageNpc, DAMAGE_TEXT_COLOUR, NPC_DEATH_SOUND } from "./npc-damage.ts";
export { DEATH_SOUND_FEMALE, DEATH_SOUND_MALE, hurt, playerDies, revivePlayer } from "./death.ts";
export { setStatus } from "./status-clock.ts";
export { pvpAllowed, pvpCheck, usersFought, type PvpCheck } from "./pvp.ts";
export { NPC_ATTACK_NOT_WIRED, NPC_ON_NPC_NOT_WIRED, NpcAiLoop } from "./npc-ai-loop.ts";
export { enter, findFreeTile, leave, sendTo, SPAWN_SEARCH_RADIUS } from "./presence.ts";
export { disposeStatus } from "./status.ts";
export {
  buildSystemTables,
  SystemTableError,
  type BusHandler,
  type BusHandlerTable,
  type MapSystem,
  type NpcBlows,
  type PacketHandler,
  type PacketHandlerTable,
  type ServiceAnswerHandler,
  type ServiceAnswerTable,
  type SystemTables,
} from "./systems.ts";
export { isJailed, isMuted, penaltiesOfPlayer, refuseMutedSpeech, writePenalties } from "./penalties.ts";
// -- reports: the last lines each player said here (gm-and-moderation §3.8)
export { forgetChatLines, recentChatLines, rememberChatLine } from "./chat-history.ts";
