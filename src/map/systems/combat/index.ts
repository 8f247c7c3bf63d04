/**
 * Combat (combat-and-progression §3, §4): blows (`Attack`, melee.ts), shots and throws
 * (`WorkLeftClick` with skill Proyectiles, ranged.ts: a shot is a mode of the blow), and the NPC
 * AI's blows on players and on other NPCs.
 */
import type { MapSystem } from "../../kernel/index.ts";
import { attack, npcMeleeOnNpc, npcMeleeOnPlayer } from "./melee.ts";
import { PROJECTILES_SKILL, shootAtClick } from "./ranged.ts";

export const combat: MapSystem = {
  name: "combat",
  packets: { Attack: attack },
  workClicks: { [PROJECTILES_SKILL]: shootAtClick },
  npcBlows: { onPlayer: npcMeleeOnPlayer, onNpc: npcMeleeOnNpc },
};

export { MELEE_HIT_SOUND, PVP_HIT_FX, PVP_HIT_SOUND, SHOT_HIT_SOUND, SHOT_MISS_SOUND, npcMeleeOnNpc, npcMeleeOnPlayer, type AttackKind } from "./melee.ts";
