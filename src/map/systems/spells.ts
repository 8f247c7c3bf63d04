/**
 * Casting spells on a map for the stock client (combat-and-progression §5): the rules are
 * `game/spells` (pure, outcome values); this system feeds them the live state, applies what they
 * answer and sends what VB6 sends (`Codigo/modHechizos.bas`, `Codigo/Protocol.bas`).
 *
 * The packets, in VB6's order:
 * - `CastSpell(slot)` (`HandleCastSpell` → `UseSpellSlot`): a ghost is told 77; the slot is kept
 *   as the selected one (`flags.Hechizo`); a self-cast spell (`AutoLanzar`) goes off at once on the
 *   caster (meditation and a logout countdown stop; no interval is checked), any other answers
 *   `WorkRequestTarget(1, isArea, radius)` and the client's next map click comes back as
 *   `WorkLeftClick(x, y, 1)`.
 * - `WorkLeftClick(x, y, 1)` (`HandleWorkLeftClick`, skill Magia; systems/cursor.ts routes it
 *   here after the checks every skill shares): `LookatTile` picks the target, a click beyond
 *   15 × 13 tiles is ignored, the locks (bow 1200, melee→spell 800, cast 1230 — the cast timer
 *   restarts even when the cast is then refused), no spell selected → 587; else `LanzarHechizo`
 *   and the selection is cleared.
 * - `LanzarHechizo`: `PuedeLanzar` (refusals with their locale ids), the target the spell needs
 *   (790 / 791 / 792 / 8), then on a user `HandleHechizoUsuario`, on an NPC `HandleHechizoNPC`,
 *   on the tile `HandleHechizoTerreno`. A cast that landed: the words over the caster
 *   (`ChatOverHead "PMAG*<id>"`, cyan, flagged as a spell), the spell's FX / particles / sound on the
 *   target, the effect (damage through the kernel's NPC damage path — 382, the floating number,
 *   experience, the HP bar, the kill —, 389 / 34 and the same on a player, healing, vitals, states
 *   through the kernel's `setStatus`, resurrection, summons through systems/pets.ts, which this
 *   system `uses`), the skill rolls in
 *   the outcome's order (the target's Resistencia, the caster's Magia), then the costs: mana,
 *   `RequiredHP`, stamina (and a resurrection's HP), `UpdateMana`, `UpdateHP` (user targets),
 *   `UpdateSta`. The slot's cast time is kept for its cooldown; the click's targets are cleared.
 * - `MoveSpell(upwards, slot)` (`DesplazarHechizo`): swaps two slots (670 at the edges); the
 *   selection and the cooldowns follow their spells. VB6 answers nothing (the client swaps its
 *   list itself); this server also sends both slots' `ChangeSpellSlot`, which leaves a stock
 *   client as it was and keeps any other client in step.
 * - A scroll read with `UseItem` learns its spell (systems/items.ts, `AgregarHechizo`):
 *   `ChangeSpellSlot` for the new slot. The whole book goes out at login (`loginBurstBeforeArea`).
 * - `SeguroResu`: the resurrection safe (on at login), answered with `SeguroResu(enabled)`.
 *
 * Not modelled yet (no state for them on the map): mounts, consultations, guilds, parties,
 * duels and arenas beyond trigger 6, stun and resting, spell skins, effects over time (`EOTID`),
 * area spells' states (only their damage and healing), the Bard's and
 * Cleric's class discounts, Divine Blood, elemental tags.
 */
import type { SpellTemplate } from "../../content/index.ts";
import { SPELL_SLOT_COUNT } from "../../game/character/index.ts";
import { diceFromRandom } from "../../game/combat/index.ts";
import { isCitizen } from "../../game/faction/index.ts";
import { LocaleId, MESSAGES } from "../../game/messages/index.ts";
import { formatThousands, pvpKillExp, SKILL, type SkillId } from "../../game/progression/index.ts";
import {
  areaDiscounted,
  areaSpellDamageOnNpc,
  areaSpellDamageOnUser,
  castCosts,
  clickToCast,
  DEFAULT_SPELL_RULES,
  hasEffect,
  isDamageSpell,
  isHealingSpell,
  magicItemOf,
  magicWords,
  moveSpell,
  NO_MAGIC_MODIFIERS,
  planCast,
  resolveSpellOnNpc,
  resolveSpellOnTerrain,
  resolveSpellOnUser,
  selectSpell,
  spellInSlot,
  spellRulesFromBalance,
  spellTargetNpc,
  visualsOnNpc,
  visualsOnTerrain,
  visualsOnUser,
  type CasterState,
  type CastPlan,
  type ClickedTarget,
  type MagicItem,
  type NpcAttackAnswer,
  type SpellCaster,
  type SpellData,
  type SpellMessage,
  type SpellParam,
  type SpellRefusal,
  type SpellRules,
  type SpellSkillUse,
  type SpellTargetUser,
  type SpellVisual,
  type StatusEffects,
  type StatusNotice,
  type UserSpellCast,
} from "../../game/spells/index.ts";
import { COLOR_WHITE, FontIndex, vbRgb, type ClientPacketFields } from "../../protocol/index.ts";
import {
  DAMAGE_TEXT_COLOUR,
  damageNpc,
  dropAround,
  grantExperience,
  interrupt,
  isDead,
  lookAtTile,
  npcAttacked,
  playerDies,
  pvpCheck,
  raiseSkillByUse,
  requestTargetCursor,
  revivePlayer,
  sendSpellSlot,
  setPlayerHp,
  setStatus,
  turnCriminal,
  usersFought,
  writeVitals,
  type Entity,
  type MapContext,
  type MapSystem,
  type NpcEntity,
  type PlayerEntity,
} from "../kernel/index.ts";
import { petSlots, storeOrRecallPets, summonCreatures } from "./pets.ts";

/** `e_Skill.Magia`: the skill of the client's target cursor for spells (`WorkRequestTarget`, `WorkLeftClick`). */
export const MAGIC_SKILL = SKILL.Magic;
/** `vbCyan`: the magic words over the caster. */
export const SPELL_WORDS_COLOUR = vbRgb(0, 255, 255);
/** `vbGreen`: healing numbers over a char. */
export const HEAL_TEXT_COLOUR = vbRgb(0, 255, 0);

// ------------------------------------------------------------------ the world's spells

type SpellTable = NonNullable<NonNullable<MapContext["tables"]>["spells"]>;
const spellIndexes = new WeakMap<SpellTable, Map<number, SpellTemplate>>();

/** Spell number `id` of the world's Hechizos.dat, or undefined (one index per table, shared by the worker's maps). */
export function spellOf(ctx: MapContext, id: number): SpellData | undefined {
  const table = ctx.tables?.spells;
  if (!table || id <= 0) return undefined;
  let index = spellIndexes.get(table);
  if (index === undefined) {
    index = new Map(table.spells.map((spell) => [spell.id, spell]));
    spellIndexes.set(table, index);
  }
  return index.get(id);
}

function rulesOf(ctx: MapContext): SpellRules {
  const balance = ctx.tables?.balance;
  return balance ? spellRulesFromBalance(balance) : DEFAULT_SPELL_RULES;
}

// ------------------------------------------------------------------ CastSpell

/** `CastSpell(slot)` (VB6 `HandleCastSpell` → `UseSpellSlot`). */
export function castSpell(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"CastSpell">): void {
  const { slot } = fields;
  ctx.magicStats.current.castRequests++;
  const selection = selectSpell(casterState(player), player.record.spells, slot, (id) => spellOf(ctx, id));
  if (selection.kind === "refused" && selection.reason === "dead") {
    ctx.tell(player, MESSAGES.ruleLine(selection.message, FontIndex.Info));
    return;
  }
  // `flags.Hechizo = slot` (0 when out of 1 … 40), even for an empty slot or a stunned caster.
  player.selectedSpellSlot = slot >= 1 && slot <= SPELL_SLOT_COUNT ? slot : 0;
  switch (selection.kind) {
    case "refused":
      ctx.tell(player, MESSAGES.ruleLine(selection.message, FontIndex.Info));
      return;
    case "ignored":
      return;
    case "cast_now":
      interrupt(ctx, player, "cast");
      player.targetUser = player;
      player.targetNpc = null;
      castFromSlot(ctx, player, selection.slot, player.x, player.y);
      return;
    case "request_target":
      ctx.view.send(player, ctx.packets.workRequestTargetArea(MAGIC_SKILL, selection.isArea, selection.radius));
      return;
  }
}

// ------------------------------------------------------------------ WorkLeftClick, skill Magia

/**
 * `WorkLeftClick(x, y, 1)` after the checks every skill shares (systems/cursor.ts: a ghost or a
 * click off the map does nothing, a click off the screen answers `PosUpdate`, meditation and the
 * logout countdown stop): look at the tile, the locks, then the selected spell.
 */
export function castAtClick(ctx: MapContext, player: PlayerEntity, x: number, y: number): void {
  lookAtTile(ctx, player, x, y);
  const click = clickToCast(casterState(player), {
    clocks: player.combatClocks,
    nowMs: ctx.clock.now(),
    dx: x - player.x,
    dy: y - player.y,
    selectedSlot: player.selectedSpellSlot,
  });
  switch (click.kind) {
    case "ignored":
    case "locked":
      return;
    case "no_spell_selected":
      player.combatClocks = click.clocks;
      ctx.tell(player, MESSAGES.ruleLine(click.message, FontIndex.Info));
      return;
    case "cast":
      player.combatClocks = click.clocks;
      castFromSlot(ctx, player, click.slot, x, y);
      player.selectedSpellSlot = 0;
      return;
  }
}

// ------------------------------------------------------------------ LanzarHechizo

/** One cast under way: who, what, where, and what `PuedeLanzar` accepted. */
interface Cast {
  readonly ctx: MapContext;
  readonly player: PlayerEntity;
  readonly spell: SpellData;
  readonly plan: CastPlan & { readonly ok: true };
  readonly caster: SpellCaster;
  readonly rules: SpellRules;
  readonly nowMs: number;
  /** The clicked tile (the caster's own for a self-cast). */
  readonly x: number;
  readonly y: number;
}

/** `LanzarHechizo(slot)` on the targets `LookatTile` left in the player (`flags.TargetUser` / `TargetNPC`). */
function castFromSlot(ctx: MapContext, player: PlayerEntity, slot: number, x: number, y: number): void {
  const spell = spellOf(ctx, spellInSlot(player.record.spells, slot));
  // An empty slot: `PuedeLanzar` refuses without a word.
  if (spell === undefined) return;
  const nowMs = ctx.clock.now();
  const rules = rulesOf(ctx);
  const caster = casterOf(ctx, player);
  const plan = planCast(caster, spell, clickedTarget(ctx, player), { nowMs, noMagic: ctx.definition.restrictions?.includes("noMagic") === true, slotLastCastAtMs: player.spellCastAt[slot] ?? null }, rules);
  if (!plan.ok) {
    ctx.magicStats.current.castsRefused++;
    refuseCast(ctx, player, plan);
    return;
  }
  ctx.magicStats.current.castsResolved++;
  const cast: Cast = { ctx, player, spell, plan, caster, rules, nowMs, x, y };
  switch (plan.on) {
    case "user":
      castOnUser(cast, player.targetUser!);
      break;
    case "npc":
      castOnNpc(cast, player.targetNpc!);
      break;
    case "terrain":
      castOnTerrain(cast);
      break;
    case "pets":
      // `HandlePetSpell` needs effects over time (`EOTID`), which this server does not run: nothing happens.
      return;
  }
  // `SpellCastSuccess`: the slot's cooldown starts and the click's targets are forgotten, whatever the effect said.
  if (spell.cooldown > 0) player.spellCastAt = { ...player.spellCastAt, [slot]: nowMs };
  player.targetUser = null;
  player.targetNpc = null;
}

/** What `LookatTile` found, as the rules read it; a target that left the map or died since is nothing. */
function clickedTarget(ctx: MapContext, player: PlayerEntity): ClickedTarget {
  const user = player.targetUser;
  if (user !== null && ctx.store.player(user.session) === user) return { kind: "user", self: user === player, dead: isDead(user), dy: user.y - player.y };
  player.targetUser = null;
  const npc = player.targetNpc;
  if (npc !== null && npc.alive && ctx.store.npc(npc.charIndex) === npc) return { kind: "npc", dead: false, immuneToSpells: false, dy: npc.y - player.y };
  player.targetNpc = null;
  return { kind: "none" };
}

function refuseCast(ctx: MapContext, player: PlayerEntity, plan: CastPlan & { readonly ok: false }): void {
  const { view, packets } = ctx;
  if (plan.message === null) return;
  const param = "param" in plan && plan.param !== undefined ? String(plan.param) : "";
  ctx.tell(player, MESSAGES.ruleLine(plan.message, FontIndex.Info, param));
  if ("overHead" in plan && plan.overHead !== undefined) {
    view.send(player, packets.localeChatOverHead(plan.overHead, "", player.charIndex, COLOR_WHITE, player.x, player.y));
  }
}

/** A refusal of the effect itself (nothing happened, nothing is paid): its line to the caster and, maybe, one to the target. */
function tellRefusal(c: Cast, refusal: SpellRefusal, targetName: string, target: PlayerEntity | null): void {
  const { ctx, player } = c;
  if (refusal.message !== null) {
    ctx.tell(player, MESSAGES.ruleLine(refusal.message, FontIndex.Info, paramsText(refusal.params ?? [], player.name, targetName)));
  }
  const line = refusal.targetMessage;
  if (line !== undefined && target !== null) ctx.tell(target, MESSAGES.ruleLine(line.messageId, FontIndex.Info, paramsText(line.params, player.name, targetName)));
}

// ------------------------------------------------------------------ on an NPC (HandleHechizoNPC)

function castOnNpc(c: Cast, npc: NpcEntity): void {
  const { ctx, player, spell } = c;
  const template = npc.template;
  if (template === null) return;
  const master = npc.master === null ? "none" : npc.master === player ? "caster" : "other";
  const target = spellTargetNpc(template, { hp: npc.minHp, maxHp: npc.maxHp, status: npc.statusEffects }, { master });
  const outcome = resolveSpellOnNpc(ctx.random, c.caster, spell, target, c.nowMs, npcAttackAnswer(ctx, player, npc), c.rules);
  if (outcome.kind === "refused") {
    tellRefusal(c, outcome, npc.name, null);
    return;
  }
  if (outcome.turnsCasterCriminal) turnCriminal(ctx, player);
  // `HandleHechizoNPC` → `NPCAtacado` (the `npcAttacked` hook: the caster's pets go for it, `AllMascotasAtacanNPC`).
  if (outcome.attacked) npcAttacked(ctx, npc, player);
  if (outcome.npcSound > 0) ctx.view.around(npc.x, npc.y, ctx.packets.playWave(outcome.npcSound, npc.x, npc.y));
  sayMagicWords(c);
  showVisuals(c, visualsOnNpc(spell, false), npc, null);
  if (outcome.heal !== null) healNpc(ctx, npc, outcome.heal.amount);
  if (outcome.damage !== null) damageNpc(ctx, player, npc, outcome.damage.damage);
  if (npc.alive) applyStatus(ctx, npc, outcome.status, outcome.notices);
  tellMessages(c, outcome.messages, npc.name, null);
  settle(c, outcome.skillUses, null, 0, false);
}

/**
 * `UserCanAttackNpc` as far as the map keeps the state: an NPC that cannot be attacked, or a
 * citizen's own pet, is an invalid target (511); nobody's pet may be attacked on a safe map (572).
 */
function npcAttackAnswer(ctx: MapContext, player: PlayerEntity, npc: NpcEntity): NpcAttackAnswer {
  if (npc.template === null || !npc.template.attackable) return { ok: false, message: LocaleId.InvalidTarget };
  if (npc.master !== null) {
    if (npc.master === player && isCitizen(player.status)) return { ok: false, message: LocaleId.InvalidTarget };
    if (ctx.definition.safe) return { ok: false, message: LocaleId.SafeZoneNoAttack };
  }
  return { ok: true, turnsCriminal: false };
}

/** `NPCs.DoDamageOrHeal` with a positive amount: the green number, the HP (at most the maximum), the HP bar. */
function healNpc(ctx: MapContext, npc: NpcEntity, amount: number): void {
  ctx.view.around(npc.x, npc.y, ctx.packets.textOverChar(formatThousands(amount), npc.charIndex, HEAL_TEXT_COLOUR));
  npc.minHp = Math.min(npc.maxHp, npc.minHp + amount);
  ctx.view.around(npc.x, npc.y, ctx.packets.charUpdateHp(npc.charIndex, npc.minHp, npc.maxHp));
}

// ------------------------------------------------------------------ on a player (HandleHechizoUsuario)

function castOnUser(c: Cast, target: PlayerEntity): void {
  const { ctx, player, spell } = c;
  const self = target === player;
  const pvp = self ? ({ ok: true, safeFight: false } as const) : pvpCheck(ctx, player, target);
  const outcome = resolveSpellOnUser(
    ctx.random,
    c.caster,
    spell,
    targetUserOf(ctx, target),
    {
      nowMs: c.nowMs,
      self,
      attack: pvp.ok ? { ok: true } : { ok: false, message: pvp.message },
      safeFight: pvp.ok && pvp.safeFight,
      safeMap: ctx.definition.safe,
      // The target's map: it stands on this one.
      noInvisibility: ctx.definition.restrictions?.includes("noInvisibility") === true,
      casterCanRevive: false,
    },
    c.rules,
  );
  if (outcome.kind === "refused") {
    tellRefusal(c, outcome, target.name, target);
    return;
  }
  if (outcome.attacked && !self) usersFought(ctx, player, target, pvp.ok && pvp.safeFight);
  if (outcome.turnsCasterCriminal) turnCriminal(ctx, player);
  sayMagicWords(c);
  showVisuals(c, visualsOnUser(spell, { self, casterName: player.name, targetName: target.name }), target, target);
  let killed = false;
  if (outcome.heal !== null) healUser(ctx, target, outcome.heal.amount, outcome.heal.hpAfter);
  if (outcome.damage !== null) killed = damageUser(ctx, player, target, outcome.damage.damage, outcome.damage.hpAfter);
  if (!killed) {
    applyVitals(ctx, target, outcome.vitals);
    if (outcome.resurrection !== null) resurrect(ctx, target, outcome.resurrection);
    applyStatus(ctx, target, outcome.status, outcome.notices);
  }
  tellMessages(c, outcome.messages, target.name, target);
  settle(c, outcome.skillUses, target, outcome.casterHpCost, true);
}

/**
 * `UserMod.DoDamageOrHeal` with a caster's damage: 389 to the caster, 34 to the victim, the red
 * number over the victim, its HP; at 0 the victim dies and the killer gets the PvP experience
 * (`ActStats`). True when the victim died.
 */
function damageUser(ctx: MapContext, caster: PlayerEntity, victim: PlayerEntity, damage: number, hpAfter: number): boolean {
  const { view, packets } = ctx;
  ctx.tell(caster, MESSAGES.spellDamageToUser(victim.name, damage));
  ctx.tell(victim, MESSAGES.spellDamageFromUser(caster.name, damage));
  view.around(victim.x, victim.y, packets.textOverChar(formatThousands(damage), victim.charIndex, DAMAGE_TEXT_COLOUR));
  setPlayerHp(ctx, victim, hpAfter);
  if (hpAfter > 0) return false;
  playerDies(ctx, victim);
  grantExperience(ctx, caster, pvpKillExp(victim.record.level), "pvp_kill");
  return true;
}

/** `UserMod.DoDamageOrHeal` with healing: the green number over the player, its HP. */
function healUser(ctx: MapContext, target: PlayerEntity, amount: number, hpAfter: number): void {
  ctx.view.around(target.x, target.y, ctx.packets.textOverChar(formatThousands(amount), target.charIndex, HEAL_TEXT_COLOUR));
  setPlayerHp(ctx, target, hpAfter);
}

/** Hunger, thirst, mana and stamina a spell changed on the target, each with its packet. */
function applyVitals(ctx: MapContext, target: PlayerEntity, vitals: UserSpellCast["vitals"]): void {
  const { view, packets } = ctx;
  const before = writeVitals(target, vitals);
  const after = target.record.vitals;
  if (after.food !== before.food || after.water !== before.water) view.send(target, packets.updateHungerAndThirst(after.food, after.water));
  if (vitals.mana !== undefined) view.send(target, packets.updateMana(after.mana));
  if (vitals.stamina !== undefined) view.send(target, packets.updateStamina(after.stamina));
}

/**
 * `ResurrectUser` → `RevivirUsuario(…, MedianteHechizo)`: the ghost comes back with 1 HP and no
 * food, water or mana (the kernel's revival: a pending /HOGAR ends, its looks from what it wears
 * for the area); the resurrection particle and sound; 585 to it.
 */
function resurrect(ctx: MapContext, target: PlayerEntity, back: NonNullable<UserSpellCast["resurrection"]>): void {
  const { view, packets } = ctx;
  revivePlayer(ctx, target, { hp: back.hp, food: back.food, water: back.water, mana: back.mana });
  view.around(target.x, target.y, packets.particleFx(target.charIndex, back.particle, back.particleTime, false));
  view.around(target.x, target.y, packets.playWave(back.wave, target.x, target.y));
}

// ------------------------------------------------------------------ on the tile (HandleHechizoTerreno)

function castOnTerrain(c: Cast): void {
  const { ctx, player, spell, x, y } = c;
  const outcome = resolveSpellOnTerrain(spell, { x, y, noPets: false, tileTaken: tileTaken(ctx, x, y), pets: petSlots(ctx, player), petsStored: player.record.petsStored === true });
  switch (outcome.kind) {
    case "refused":
      tellRefusal(c, outcome, "", null);
      return;
    case "summon": {
      // A creature that finds no room ends the cast unpaid, as VB6's `Exit Sub` does.
      const spawned = summonCreatures(ctx, player, outcome.npc, outcome.plan, outcome.lifetimeMs, x, y);
      if (spawned < outcome.plan.spawn) return;
      sayMagicWords(c);
      showVisuals(c, visualsOnTerrain(spell), null, null);
      settle(c, outcome.skillUses, null, 0, false);
      return;
    }
    case "materialize":
      // `HechizoMaterializacion`: the object and the particle on the floor, no words.
      dropAround(ctx, x, y, { objectId: outcome.objectId, amount: outcome.amount });
      ctx.view.around(player.x, player.y, ctx.packets.particleFxToFloor(x, y, spell.particle, spell.particleTime));
      settle(c, outcome.skillUses, null, 0, false);
      return;
    case "reveal":
      reveal(c, outcome.radius, outcome.message);
      sayMagicWords(c);
      showVisuals(c, visualsOnTerrain(spell), null, null);
      settle(c, outcome.skillUses, null, 0, false);
      return;
    case "area":
      areaSpell(c, outcome.tiles, outcome.users, outcome.npcs);
      settle(c, outcome.skillUses, null, 0, false);
      return;
    case "pets":
      // `Invoca=2`: the tamed pets stored or recalled (systems/pets.ts); shown and paid only when one moved (VB6 `If b Then InfoHechizo`).
      if (!storeOrRecallPets(ctx, player, outcome.action, x, y)) return;
      sayMagicWords(c);
      showVisuals(c, visualsOnTerrain(spell), null, null);
      settle(c, outcome.skillUses, null, 0, false);
      return;
  }
}

/** `HechizoMaterializacion`'s test: an object already there, or a blocked tile. */
function tileTaken(ctx: MapContext, x: number, y: number): boolean {
  if (!ctx.store.isInside(x, y)) return true;
  return ctx.store.objectAt(x, y) !== undefined || ctx.terrain.collision[ctx.store.tile(x, y)] !== 0;
}

/** `HechizoTerrenoEstado`: every invisible player within `radius` tiles of the click is seen again (1869 to each). */
function reveal(c: Cast, radius: number, message: number): void {
  const { ctx, x, y, nowMs } = c;
  for (const other of ctx.store.players()) {
    if (Math.abs(other.x - x) > radius || Math.abs(other.y - y) > radius) continue;
    if (!hasEffect(other.statusEffects, "invisible", nowMs)) continue;
    const { invisible: _gone, ...rest } = other.statusEffects;
    setStatus(ctx, other, rest, [{ to: "area", packet: "SetInvisible", invisible: false }]);
    ctx.tell(other, MESSAGES.ruleLine(message, FontIndex.InfoIao));
  }
}

/**
 * `HechizoSobreArea`: the words, the particle on the clicked tile and the sound, then each living
 * player (`AreaAfecta` 1 / 3) and attackable NPC (2 / 3) on the square: `AreaHechizo`'s damage
 * or healing, and the spell's FX on its tile. (VB6 sends the travelling particle towards the
 * square's loop counters rather than the victim's tile; here it goes to the victim.)
 */
function areaSpell(c: Cast, tiles: readonly { x: number; y: number }[], users: boolean, npcs: boolean): void {
  const { ctx, player, spell, x, y } = c;
  const { view, packets } = ctx;
  sayMagicWords(c);
  if (spell.particle > 0) view.around(player.x, player.y, packets.particleFxToFloor(x, y, spell.particle, spell.particleTime));
  if (spell.travelParticle === 0) view.around(player.x, player.y, packets.playWave(spell.wav, x, y));
  const fxOn = (at: Entity): void => {
    if (spell.fxGrh <= 0) return;
    const frame =
      spell.travelParticle > 0
        ? packets.particleFxWithDestinoXy(player.charIndex, spell.travelParticle, spell.fxGrh, 1, spell.wav, 1, at.x, at.y)
        : packets.fxpiso(at.x, at.y, spell.fxGrh);
    view.around(player.x, player.y, frame);
  };
  for (const tile of tiles) {
    if (!ctx.store.isInside(tile.x, tile.y)) continue;
    const victim = ctx.store.entity(ctx.store.occupantOf(ctx.store.tile(tile.x, tile.y)));
    if (victim === undefined) continue;
    if (victim.kind === "player" && users && !isDead(victim)) {
      areaOnUser(c, victim);
      fxOn(victim);
    } else if (victim.kind === "npc" && npcs && victim.template?.attackable === true) {
      areaOnNpc(c, victim);
      fxOn(victim);
    }
  }
}

/** `AreaHechizo` on an NPC: damage only (the shared NPC damage path), then 1921. */
function areaOnNpc(c: Cast, npc: NpcEntity): void {
  const { ctx, player, spell } = c;
  if (!isDamageSpell(spell) || npc.template === null) return;
  const dealt = areaSpellDamageOnNpc(diceFromRandom(ctx.random), c.caster, spell, { magicDef: npc.template.magicDef }, c, npc);
  const name = npc.name;
  damageNpc(ctx, player, npc, dealt.damage);
  ctx.tell(player, MESSAGES.areaDamageToCreature(dealt.damage, name));
}

/** `AreaHechizo` on a player: damage (not oneself, `PuedeAtacar`, an attack) or healing (a citizen heals only citizens outside safe fights). */
function areaOnUser(c: Cast, victim: PlayerEntity): void {
  const { ctx, player, spell } = c;
  const { view, packets } = ctx;
  if (isDamageSpell(spell)) {
    if (victim === player) return;
    const pvp = pvpCheck(ctx, player, victim);
    if (!pvp.ok) return;
    usersFought(ctx, player, victim, pvp.safeFight);
    const dealt = areaSpellDamageOnUser(diceFromRandom(ctx.random), c.caster, spell, targetUserOf(ctx, victim), c, victim);
    const hpAfter = Math.max(0, victim.record.vitals.hp - dealt.damage);
    if (damageUser(ctx, player, victim, dealt.damage, hpAfter)) return;
    raiseSkillByUse(ctx, victim, SKILL.MagicResistance);
    view.send(victim, packets.updateUserStats(victim.record, victim.inventory.gold));
    return;
  }
  if (!isHealingSpell(spell)) return;
  const pvp = victim === player ? null : pvpCheck(ctx, player, victim);
  const safeFight = pvp !== null && pvp.ok && pvp.safeFight;
  if (!safeFight && isCitizen(player.status) && !isCitizen(victim.status)) return;
  const roll = diceFromRandom(ctx.random).int(spell.minHp, spell.maxHp);
  const amount = areaDiscounted(roll, c, victim);
  const vitals = victim.record.vitals;
  healUser(ctx, victim, amount, Math.min(vitals.maxHp, vitals.hp + amount));
  if (victim !== player) {
    ctx.tell(player, MESSAGES.areaHealedOther(amount, victim.name));
    ctx.tell(victim, MESSAGES.areaHealedBy(player.name, amount));
  } else ctx.tell(player, MESSAGES.areaHealedSelf(amount));
  view.send(victim, packets.updateUserStats(victim.record, victim.inventory.gold));
}

// ------------------------------------------------------------------ what every cast shares

/** `DecirPalabrasMagicas`: `PMAG*<id>` over the caster, for its area (an invisible caster's words last the `[EXTRA]` times). */
function sayMagicWords(c: Cast): void {
  const { ctx, player, spell } = c;
  const invisible = hasEffect(player.statusEffects, "invisible", c.nowMs);
  const words = magicWords(spell, invisible);
  if (words.packet !== "ChatOverHead") return;
  const globals = ctx.tables?.balance?.globals;
  const minMs = invisible ? (globals?.requiredSpellDisplayTime ?? 0) : 0;
  const maxMs = invisible ? (globals?.maxInvisibleSpellDisplayTime ?? 0) : 0;
  ctx.view.around(player.x, player.y, ctx.packets.spellWords(words.text, player.charIndex, SPELL_WORDS_COLOUR, player.x, player.y, minMs, maxMs));
}

/**
 * `CastOnUser` / `CastOnNpc` / `CastOnTerrain`: each visual to the caster's or the target's area
 * (the clicked tile when there is no char), console macros to the caster or the target player.
 */
function showVisuals(c: Cast, visuals: readonly SpellVisual[], target: Entity | null, targetPlayer: PlayerEntity | null): void {
  const { ctx, player } = c;
  const { view, packets } = ctx;
  const at = target ?? { x: c.x, y: c.y, charIndex: 0 };
  for (const visual of visuals) {
    const where = visual.to === "caster_area" || visual.to === "caster" ? player : at;
    switch (visual.packet) {
      case "ChatOverHead":
        break;
      case "ParticleFXWithDestino":
        view.around(where.x, where.y, packets.particleFxWithDestino(player.charIndex, at.charIndex, visual.travelParticle, visual.finalParticle, visual.time, visual.wave, visual.withFx));
        break;
      case "ParticleFXWithDestinoXY":
        view.around(where.x, where.y, packets.particleFxWithDestinoXy(player.charIndex, visual.travelParticle, visual.finalParticle, visual.time, visual.wave, visual.withFx, c.x, c.y));
        break;
      case "CreateFX":
        view.around(where.x, where.y, packets.createFx(at.charIndex, visual.fx, visual.loops));
        break;
      case "ParticleFX":
        view.around(where.x, where.y, packets.particleFx(at.charIndex, visual.particle, visual.time, false));
        break;
      case "Fxpiso":
        view.around(c.x, c.y, packets.fxpiso(c.x, c.y, visual.grh));
        break;
      case "ParticleFXToFloor":
        view.around(where.x, where.y, packets.particleFxToFloor(c.x, c.y, visual.particle, visual.time));
        break;
      case "PlayWave":
        view.around(where.x, where.y, packets.playWave(visual.wave, at.x, at.y));
        break;
      case "ConsoleMsg": {
        const to = visual.to === "target" ? targetPlayer : player;
        if (to !== null) ctx.tell(to, MESSAGES.spellMacro(visual.text));
        break;
      }
    }
  }
}

/** The outcome's console lines, names filled in (`¬`-joined parameters). */
function tellMessages(c: Cast, messages: readonly SpellMessage[], targetName: string, target: PlayerEntity | null): void {
  const { ctx, player } = c;
  for (const line of messages) {
    const to = line.to === "caster" ? player : target;
    if (to === null) continue;
    ctx.tell(to, MESSAGES.ruleLine(line.messageId, FontIndex.Fight, paramsText(line.params, player.name, targetName)));
  }
}

function paramsText(params: readonly SpellParam[], casterName: string, targetName: string): string {
  return params
    .map((param) => {
      if (typeof param === "number") return formatThousands(param);
      if (typeof param === "string") return param;
      return param.name === "caster" ? casterName : targetName;
    })
    .join("¬");
}

/** New states (and their notices) for a player or an NPC, through the kernel's `setStatus`; nothing when the cast changed none. */
function applyStatus(ctx: MapContext, target: PlayerEntity | NpcEntity, status: StatusEffects, notices: readonly StatusNotice[]): void {
  if (status === target.statusEffects && notices.length === 0) return;
  setStatus(ctx, target, status, notices);
}

/**
 * The end of a cast that landed (`HandleHechizoUsuario` / `…NPC` / `…Terreno`): the skill rolls in
 * the outcome's order, then mana, `RequiredHP` and stamina (and a resurrection's HP), and
 * `UpdateMana`, `UpdateHP` (a user target), `UpdateSta` to the caster.
 */
function settle(c: Cast, skillUses: readonly SpellSkillUse[], target: PlayerEntity | null, extraHpCost: number, userTarget: boolean): void {
  const { ctx, player, plan } = c;
  for (const use of skillUses) {
    const who = use.who === "caster" ? player : target;
    if (who !== null) raiseSkillByUse(ctx, who, use.skill as SkillId);
  }
  const vitals = player.record.vitals;
  const costs = castCosts({ vitals: { ...c.caster.vitals, hp: vitals.hp, mana: vitals.mana, stamina: vitals.stamina } }, plan);
  const hp = extraHpCost > 0 ? Math.max(costs.hpAfter - extraHpCost, 1) : costs.hpAfter;
  writeVitals(player, { mana: costs.manaAfter, stamina: costs.staminaAfter, hp });
  const { view, packets } = ctx;
  view.send(player, packets.updateMana(costs.manaAfter));
  if (userTarget || hp !== vitals.hp) view.send(player, packets.updateHp(hp));
  view.send(player, packets.updateStamina(costs.staminaAfter));
}

// ------------------------------------------------------------------ MoveSpell, SeguroResu, learning

/** `MoveSpell(upwards, slot)` (VB6 `DesplazarHechizo`). */
export function moveSpellHandler(ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<"MoveSpell">): void {
  const outcome = moveSpell(player.record.spells, fields.slot, fields.upwards, player.selectedSpellSlot);
  if (!outcome.ok) {
    if (outcome.message !== null) ctx.tell(player, MESSAGES.ruleLine(outcome.message, FontIndex.Info));
    return;
  }
  const [a, b] = outcome.swapped;
  player.record.spells = outcome.book;
  player.selectedSpellSlot = outcome.selectedSlot;
  const times: Record<number, number> = { ...player.spellCastAt };
  const atA = times[a];
  const atB = times[b];
  delete times[a];
  delete times[b];
  if (atB !== undefined) times[a] = atB;
  if (atA !== undefined) times[b] = atA;
  player.spellCastAt = times;
  sendSpellSlot(ctx, player, a);
  sendSpellSlot(ctx, player, b);
}

/** `SeguroResu` (VB6 `HandleSeguroResu`): the resurrection safe on or off, and the client is told. */
export function resurrectionSafeToggle(ctx: MapContext, player: PlayerEntity): void {
  player.resurrectionSafe = !player.resurrectionSafe;
  ctx.view.send(player, ctx.packets.seguroResu(player.resurrectionSafe));
}

// ------------------------------------------------------------------ the live state as the rules read it

function casterState(player: PlayerEntity): CasterState {
  // Stun does not exist on the map yet; resting is systems/rest.ts.
  return { dead: isDead(player), stunned: false, resting: player.resting === true };
}

/** The equipped object of `kind` as a magic item, or null. */
function equippedMagic(ctx: MapContext, player: PlayerEntity, kind: "weapon" | "amulet" | "ring"): MagicItem | null {
  const slot = player.inventory.equipped[kind];
  if (slot === 0) return null;
  const item = ctx.items.get(player.inventory.slots[slot - 1]?.objectId ?? 0);
  return item === undefined ? null : magicItemOf(item);
}

function casterOf(ctx: MapContext, player: PlayerEntity): SpellCaster {
  const { record } = player;
  const v = record.vitals;
  return {
    classId: record.class,
    level: record.level,
    skills: record.skills,
    vitals: { hp: v.hp, maxHp: v.maxHp, mana: v.mana, maxMana: v.maxMana, stamina: v.stamina, maxStamina: v.maxStamina, food: v.food, water: v.water },
    dead: isDead(player),
    mounted: false,
    gear: { weapon: equippedMagic(ctx, player, "weapon"), amulet: equippedMagic(ctx, player, "amulet"), ring: equippedMagic(ctx, player, "ring") },
    modifiers: NO_MAGIC_MODIFIERS,
    inventoryObjects: player.inventory.slots.filter((slot) => slot.objectId > 0 && slot.amount > 0).map((slot) => slot.objectId),
    factionStatus: player.status,
    safeMode: player.safeMode,
  };
}

function targetUserOf(ctx: MapContext, player: PlayerEntity): SpellTargetUser {
  const { record } = player;
  const v = record.vitals;
  const [baseStrength = 0, baseAgility = 0] = record.attributes;
  const boost = player.statusEffects.attributeBoost;
  const resistance = (kind: "armor" | "ring" | "shield" | "helmet"): number => {
    const slot = player.inventory.equipped[kind];
    return slot === 0 ? 0 : (ctx.items.get(player.inventory.slots[slot - 1]?.objectId ?? 0)?.magicResistance ?? 0);
  };
  return {
    classId: record.class,
    level: record.level,
    skills: record.skills,
    vitals: { hp: v.hp, maxHp: v.maxHp, mana: v.mana, maxMana: v.maxMana, stamina: v.stamina, maxStamina: v.maxStamina, food: v.food, water: v.water },
    baseStrength,
    baseAgility,
    strength: boost?.strength ?? baseStrength,
    agility: boost?.agility ?? baseAgility,
    dead: isDead(player),
    mounted: false,
    leaving: player.quit !== null,
    resurrectionSafe: player.resurrectionSafe,
    factionStatus: player.status,
    magicResistanceItems: [resistance("armor"), resistance("ring"), resistance("shield"), resistance("helmet")],
    classMagicResistance: 0,
    modifiers: NO_MAGIC_MODIFIERS,
    status: player.statusEffects,
  };
}

export const spells: MapSystem = {
  name: "spells",
  uses: ["pets"],
  packets: { CastSpell: castSpell, MoveSpell: moveSpellHandler, SeguroResu: resurrectionSafeToggle },
  workCursors: { [MAGIC_SKILL]: requestTargetCursor },
  workClicks: { [MAGIC_SKILL]: castAtClick },
  playerState: () => ({ selectedSpellSlot: 0, spellCastAt: {}, resurrectionSafe: true }),
};
