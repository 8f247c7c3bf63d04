/**
 * Server packet → client state. One function, one `case` per packet the client understands;
 * everything else is ignored like the stock client ignores features it lacks. Own-position
 * packets are not applied here but returned as signals, because only the session (which knows
 * the predicted steps) can reconcile them. Pure: time comes in as `nowMs`.
 */
import { motdForEditing, parseSosRequests } from "./staff-form-rules.ts";
import { inWindow, windowAround } from "../game/area/index.ts";
import { headingOfDelta, isHeading, type Heading } from "../game/movement/index.ts";
import { CharacterKind, type ServerPacket } from "../protocol/index.ts";
import { BASE_INVENTORY_SLOTS } from "../game/items/index.ts";
import { INVENTORY_SLOT_COUNT } from "../game/character/index.ts";
import { LocaleId } from "../game/messages/index.ts";
import { placeAt, startStep } from "./animation.ts";
import {
  CHAT_BUBBLE_MAX_MS,
  CHAT_BUBBLE_MIN_MS,
  CHAT_BUBBLE_MS_PER_CHAR,
  INVENTORY_ROW_SLOTS,
  MAX_UNLOCKED_INVENTORY_ROWS,
  MAX_WALK_INTERVAL_MS,
  MIN_WALK_INTERVAL_MS,
  SHOP_SLOTS,
  TILE_PX,
  TILE_TEXT_MAX_CHARS,
  TILE_TEXT_MAX_MS,
  TILE_TEXT_MIN_MS,
  TILE_TEXTS_MAX,
} from "./constants.ts";
import { applyBankGold, applyBankSlot } from "./bank-rules.ts";
import { clampAttackInterval, clampCastSpellInterval, faceTowards, MISS_COLOUR, pushCharText, startSwing } from "./combat-rules.ts";
import { actionBarOnRecreate, applyBarFx } from "./action-bars.ts";
import { applyAttributes, applyMiniStats } from "./character-sheet-rules.ts";
import { applySkillRise, readSkills } from "./skills-rules.ts";
import { applyKeyRingSlot } from "./key-ring-rules.ts";
import { applySafeMode, applyTagAndStatus } from "./status-rules.ts";
import { applyRestOk } from "./rest-rules.ts";
import {
  applyAttributeBoost,
  applyCounters,
  applyMeditateToggle,
  clearOnDeath,
  notePoisonLine,
  setBlind,
  setDumb,
  setInvisible,
  toggleImmobilization,
  toggleParalysis,
} from "./altered-states.ts";
import { pushCharBurst, pushCharParticles, pushTileEffect, pushTravel } from "./spell-effects.ts";
import { applySpellSlot, spellConsoleText, spellWordsText } from "./spell-rules.ts";
import { applyTargetRequest, pushProjectile } from "./target-rules.ts";
import { emptyTrade, ownChar, pushConsole, pushPickUp, tileKey, type AccountCharacter, type CharView, type GameState } from "./game-state.ts";
import { applyQuestion, applyTradeChat, applyTradeOffer } from "./trade-rules.ts";
import { applyTrainerList } from "./trainer-rules.ts";
import { COMBAT_TEXT, localeMessageText, messageBoxText, quitCountdownOf, toneOfFont } from "./ui-text.ts";

/** What the rest of the client must react to after a packet. */
export type ClientSignal =
  | { readonly type: "connected" }
  | { readonly type: "account"; readonly characters: readonly AccountCharacter[] }
  | { readonly type: "error-message"; readonly text: string }
  | { readonly type: "message-box"; readonly messageId: number; readonly text: string }
  | { readonly type: "logged"; readonly newUser: boolean }
  | { readonly type: "map-changed"; readonly mapId: number }
  | { readonly type: "own-index"; readonly charIndex: number }
  /** The server (re)created our own char: its position is authoritative. */
  | { readonly type: "own-placed"; readonly x: number; readonly y: number }
  | { readonly type: "pos-update"; readonly x: number; readonly y: number }
  | { readonly type: "area-changed"; readonly x: number; readonly y: number }
  | { readonly type: "force-move"; readonly heading: Heading }
  | { readonly type: "chat"; readonly charIndex: number; readonly name: string; readonly text: string }
  | { readonly type: "block-position"; readonly x: number; readonly y: number; readonly blocked: number }
  | { readonly type: "disconnect" }
  /** The server opened an NPC shop (`CommerceInit`): its slots came just before. */
  | { readonly type: "shop-opened"; readonly npcName: string }
  /** The server opened the bank vault (`BankInit`): its slots came just before. */
  | { readonly type: "bank-opened" }
  /** The server closed the vault (`BankEnd`, usually the answer to ours). */
  | { readonly type: "bank-closed" }
  /** A player trade opened (`UserCommerceInit`): both offers start empty. */
  | { readonly type: "trade-opened" }
  /** The trade ended (`UserCommerceEnd`: done, rejected, cancelled by either side). */
  | { readonly type: "trade-closed" }
  /** The server asks a yes/no question (`ShowPregunta`); the answer is `ResponderPregunta`. */
  | { readonly type: "question"; readonly messageId: number; readonly param: string }
  /** The server closed the shop (`CommerceEnd`, usually the answer to ours). */
  | { readonly type: "shop-closed" }
  | { readonly type: "show-account" };

/** Duration of a chat bubble for `text`. */
export function bubbleDurationMs(text: string): number {
  return Math.min(CHAT_BUBBLE_MAX_MS, CHAT_BUBBLE_MIN_MS + text.length * CHAT_BUBBLE_MS_PER_CHAR);
}

/** `DebugDataResponse` lines shown at most (a hostile list cannot flood the console). */
const MAX_DEBUG_LINES = 40;
/** `FONTTYPE_INFO`. */
const FONT_INFO = 3;

function clampWalkInterval(ms: number): number {
  return Math.min(MAX_WALK_INTERVAL_MS, Math.max(MIN_WALK_INTERVAL_MS, ms));
}

/** Usable slots for `unlockedRows` extra rows (clamped: a hostile value cannot grow the grid). */
export function inventorySlotsFor(unlockedRows: number): number {
  const rows = Number.isInteger(unlockedRows) ? Math.min(MAX_UNLOCKED_INVENTORY_ROWS, Math.max(0, unlockedRows)) : 0;
  return BASE_INVENTORY_SLOTS + rows * INVENTORY_ROW_SLOTS;
}

/** Drops expired tile texts, and the oldest beyond `TILE_TEXTS_MAX`. */
function pruneTileTexts(state: GameState, nowMs: number): void {
  state.tileTexts = state.tileTexts.filter((text) => text.untilMs > nowMs);
  if (state.tileTexts.length > TILE_TEXTS_MAX) state.tileTexts.splice(0, state.tileTexts.length - TILE_TEXTS_MAX);
}

function safeHeading(value: number, fallback: Heading): Heading {
  return isHeading(value) ? value : fallback;
}

/** Applies one decoded server packet to `state`; returns the signals it raised. */
export function reduceServerPacket(state: GameState, packet: ServerPacket, nowMs: number): ClientSignal[] {
  switch (packet.name) {
    case "Connected":
      state.phase = "connecting";
      return [{ type: "connected" }];

    case "AccountCharacterList": {
      const characters = packet.fields.characters.map(
        (c): AccountCharacter => ({
          id: c.id,
          name: c.name,
          body: c.body,
          head: c.head,
          classId: c.class,
          map: c.map,
          x: c.x,
          y: c.y,
          level: c.level,
          status: c.status,
        }),
      );
      state.accountCharacters = characters;
      state.phase = "account";
      return [{ type: "account", characters }];
    }

    case "ErrorMsg":
      pushConsole(state, packet.fields.message, "error", nowMs);
      return [{ type: "error-message", text: packet.fields.message }];

    case "ShowMessageBox": {
      const text = messageBoxText(packet.fields.messageId, packet.fields.extra);
      pushConsole(state, text, "error", nowMs);
      return [{ type: "message-box", messageId: packet.fields.messageId, text }];
    }

    case "MostrarCuenta":
      return [{ type: "show-account" }];

    case "Intervals":
      state.baseWalkIntervalMs = clampWalkInterval(packet.fields.walkMs);
      state.walkIntervalMs = clampWalkInterval(state.baseWalkIntervalMs / state.walkSpeed);
      state.attackIntervalMs = clampAttackInterval(packet.fields.attackMs);
      state.castSpellIntervalMs = clampCastSpellInterval(packet.fields.castSpellMs);
      return [];

    case "VelocidadToggle": {
      // The stock client divides its walk interval by the speed multiplier: the server's interval,
      // not the one already divided, so a speed of 1 after 5 walks at the normal pace again.
      const speed = packet.fields.speed;
      if (!Number.isFinite(speed) || speed <= 0) return [];
      state.walkSpeed = speed;
      state.walkIntervalMs = clampWalkInterval(state.baseWalkIntervalMs / speed);
      return [];
    }

    case "ChangeMap":
      state.mapId = packet.fields.map;
      state.myCharIndex = 0;
      state.chars.clear();
      state.objects.clear();
      state.bubbles.clear();
      state.tileTexts = [];
      state.charTexts = [];
      state.projectiles = [];
      state.effects = [];
      state.area = null;
      // A question from someone on the map we left can no longer be answered, nor a target aimed at.
      state.question = null;
      state.target = null;
      return [{ type: "map-changed", mapId: packet.fields.map }];

    case "AreaChanged": {
      const { x, y } = packet.fields;
      const area = windowAround(x, y);
      state.area = area;
      for (const [charIndex, char] of state.chars) {
        if (charIndex !== state.myCharIndex && !inWindow(area, char.x, char.y)) {
          state.chars.delete(charIndex);
          state.bubbles.delete(charIndex);
        }
      }
      for (const [key, object] of state.objects) if (!inWindow(area, object.x, object.y)) state.objects.delete(key);
      return [{ type: "area-changed", x, y }];
    }

    case "CharacterCreate": {
      const f = packet.fields;
      const previous = state.chars.get(f.charIndex);
      const char: CharView = {
        charIndex: f.charIndex,
        name: f.name,
        body: f.body,
        head: f.head,
        heading: safeHeading(f.heading, 3),
        weapon: f.weapon,
        shield: f.shield,
        helmet: f.helmet,
        kind: f.isNpc,
        npcNumber: f.npcNumber,
        status: f.status,
        privileges: f.privileges,
        minHp: f.minHp,
        maxHp: f.maxHp,
        x: f.x,
        y: f.y,
        fromX: f.x,
        fromY: f.y,
        moveStartMs: nowMs,
        moveDurationMs: 0,
        stepCount: previous?.stepCount ?? 0,
        // The meditation FX rides in the create; an invisible char is hidden again by a `SetInvisible` after it.
        fx: f.fx > 0 ? f.fx : 0,
        invisible: false,
      };
      const bar = actionBarOnRecreate(previous, f.x, f.y);
      if (bar) char.actionBar = bar;
      state.chars.set(f.charIndex, char);
      if (f.charIndex === state.myCharIndex) return [{ type: "own-placed", x: f.x, y: f.y }];
      return [];
    }

    case "UserCharIndexInServer":
      state.myCharIndex = packet.fields.charIndex;
      return [{ type: "own-index", charIndex: packet.fields.charIndex }];

    case "CharacterMove": {
      const { charIndex, x, y } = packet.fields;
      const char = state.chars.get(charIndex);
      if (!char) return [];
      if (charIndex === state.myCharIndex) {
        placeAt(char, x, y);
        return [{ type: "own-placed", x, y }];
      }
      if (!inWindow(state.area, x, y)) {
        // The stock client erases a char that walks out of its window (Char_Move_by_Pos).
        state.chars.delete(charIndex);
        state.bubbles.delete(charIndex);
        return [];
      }
      char.heading = headingOfDelta(x - char.x, y - char.y, char.heading);
      startStep(char, x, y, nowMs, state.walkIntervalMs);
      return [];
    }

    case "CharacterTranslate": {
      const { charIndex, x, y, durationMs } = packet.fields;
      const char = state.chars.get(charIndex);
      if (!char) return [];
      startStep(char, x, y, nowMs, Math.max(0, durationMs));
      return charIndex === state.myCharIndex ? [{ type: "own-placed", x, y }] : [];
    }

    case "PosUpdateChar": {
      const { charIndex, x, y } = packet.fields;
      const char = state.chars.get(charIndex);
      if (!char) return [];
      placeAt(char, x, y);
      return charIndex === state.myCharIndex ? [{ type: "own-placed", x, y }] : [];
    }

    case "CharacterRemove":
      state.chars.delete(packet.fields.charIndex);
      state.bubbles.delete(packet.fields.charIndex);
      return [];

    case "CharacterChange": {
      const f = packet.fields;
      const char = state.chars.get(f.charIndex);
      if (!char) return [];
      char.body = f.body;
      char.head = f.head;
      char.heading = safeHeading(f.heading, char.heading);
      char.weapon = f.weapon;
      char.shield = f.shield;
      char.helmet = f.helmet;
      char.fx = f.fx > 0 ? f.fx : 0;
      return [];
    }

    case "CharUpdateHP": {
      const char = state.chars.get(packet.fields.charIndex);
      if (char) {
        char.minHp = packet.fields.minHp;
        char.maxHp = packet.fields.maxHp;
      }
      return [];
    }

    // ---- combat (combat-and-progression §3.6-3.7): what the stock client shows of each outcome

    case "CharSwing": {
      // A miss: "Fallas" over our own char, "Falló" over anyone else's (HandleCharSwing).
      const { charIndex, showText, notifyText } = packet.fields;
      if (showText && notifyText) pushCharText(state, charIndex, charIndex === state.myCharIndex ? COMBAT_TEXT.ownMiss : COMBAT_TEXT.otherMiss, MISS_COLOUR, nowMs);
      return [];
    }

    case "ArmaMov":
      startSwing(state, packet.fields.charIndex, nowMs);
      return [];

    case "CharAtaca": {
      // An NPC struck `attackerIndex` (the field names the victim): it faces it and swings; a
      // miss (-1) reads "Falló" over the NPC, as a player's miss does. A hit's number comes in
      // its own `TextOverChar`.
      const { charIndex, attackerIndex: victimIndex, damage } = packet.fields;
      faceTowards(state, charIndex, victimIndex);
      startSwing(state, charIndex, nowMs);
      if (damage < 0) pushCharText(state, charIndex, COMBAT_TEXT.otherMiss, MISS_COLOUR, nowMs);
      return [];
    }

    case "TextOverChar":
      pushCharText(state, packet.fields.charIndex, packet.fields.text, packet.fields.color, nowMs);
      return [];

    case "NPCHitUser":
      pushConsole(state, COMBAT_TEXT.npcHitUs(packet.fields.bodyPart, packet.fields.damage), "fight", nowMs);
      return [];

    case "UserHittedUser": {
      const { victimCharIndex, bodyPart, damage } = packet.fields;
      pushConsole(state, COMBAT_TEXT.weHitPlayer(state.chars.get(victimCharIndex)?.name ?? "", bodyPart, damage), "fight", nowMs);
      return [];
    }

    case "UserHittedByUser": {
      const { attackerCharIndex, bodyPart, damage } = packet.fields;
      pushConsole(state, COMBAT_TEXT.playerHitUs(state.chars.get(attackerCharIndex)?.name ?? "", bodyPart, damage), "fight", nowMs);
      return [];
    }

    case "NPCKillUser":
      pushConsole(state, COMBAT_TEXT.npcKilledUs, "fight", nowMs);
      return [];

    // ---- shots, faction status, the safe, progress bars (issue #15)

    case "WorkRequestTarget":
      applyTargetRequest(state, packet.fields.skill, packet.fields.isArea, packet.fields.radius, nowMs);
      return [];

    // ---- spells, altered states and meditation (issue #16)

    case "ChangeSpellSlot":
      applySpellSlot(state, packet.fields.slot, packet.fields.spellIdOrEmpty > 0 ? packet.fields.spellId : 0, packet.fields.bindable);
      return [];

    case "CreateFX":
      pushCharBurst(state, packet.fields.charIndex, packet.fields.fx, nowMs);
      return [];

    case "ParticleFX":
      pushCharParticles(state, packet.fields.charIndex, packet.fields.particle, packet.fields.remove, nowMs);
      return [];

    case "Fxpiso":
      pushTileEffect(state, "burst", "Fxpiso", packet.fields.x, packet.fields.y, packet.fields.grhIndex, nowMs);
      return [];

    case "ParticleFXToFloor":
      pushTileEffect(state, "particles", "ParticleFXToFloor", packet.fields.x, packet.fields.y, packet.fields.particle, nowMs);
      return [];

    case "ParticleFXWithDestino": {
      const f = packet.fields;
      pushTravel(state, "ParticleFXWithDestino", f.emitter, f.receiver, 0, 0, f.travelParticle, f.finalParticle, nowMs);
      return [];
    }

    case "ParticleFXWithDestinoXY": {
      const f = packet.fields;
      pushTravel(state, "ParticleFXWithDestinoXY", f.emitter, 0, f.x, f.y, f.travelParticle, f.finalParticle, nowMs);
      return [];
    }

    case "MeditateToggle":
      applyMeditateToggle(state, packet.fields.charIndex, packet.fields.fx);
      return [];

    case "SetInvisible":
      setInvisible(state, packet.fields.charIndex, packet.fields.invisible);
      return [];

    case "ParalizeOK":
      toggleParalysis(state);
      return [];

    case "InmovilizadoOK":
      toggleImmobilization(state);
      return [];

    case "Blind":
      setBlind(state, true);
      return [];

    case "BlindNoMore":
      setBlind(state, false);
      return [];

    case "Dumb":
      setDumb(state, true);
      return [];

    case "DumbNoMore":
      setDumb(state, false);
      return [];

    case "RestOK":
      applyRestOk(state);
      return [];

    case "Contadores":
      applyCounters(state, packet.fields.invisibility, nowMs);
      return [];

    case "FYA":
      applyAttributeBoost(state, packet.fields.strength, packet.fields.agility, packet.fields.effectDuration, nowMs);
      return [];

    case "CreateProjectile": {
      const { startX, startY, targetX, targetY, projectileType } = packet.fields;
      pushProjectile(state, startX, startY, targetX, targetY, projectileType, nowMs);
      return [];
    }

    case "UpdateTagAndStatus":
      applyTagAndStatus(state, packet.fields.charIndex, packet.fields.status, packet.fields.tag);
      return [];

    case "SafeModeOn":
      applySafeMode(state, true, nowMs);
      return [];

    case "SafeModeOff":
      applySafeMode(state, false, nowMs);
      return [];

    case "Privilegios":
      state.isStaff = packet.fields.isStaff;
      return [];

    // The staff's forms (`/MOTDCAMBIA`, `/PANELGM`): a newer one replaces the one open.
    case "ShowMOTDEditionForm":
      state.staffForm = { kind: "motd", text: motdForEditing(packet.fields.currentMotd) };
      return [];
    case "ShowSOSForm":
      state.staffForm = { kind: "sos", requests: parseSosRequests(packet.fields.requests) };
      return [];

    case "BarFx":
      applyBarFx(state, packet.fields.charIndex, packet.fields.barTime, packet.fields.barAction, nowMs);
      return [];

    case "PosUpdate":
      return [{ type: "pos-update", x: packet.fields.x, y: packet.fields.y }];

    case "PosUpdateUserChar":
      state.myCharIndex = packet.fields.charIndex;
      return [{ type: "pos-update", x: packet.fields.x, y: packet.fields.y }];

    case "ForceCharMove":
      return isHeading(packet.fields.heading) ? [{ type: "force-move", heading: packet.fields.heading }] : [];

    case "ObjectCreate": {
      const { x, y, objIndex, amount } = packet.fields;
      state.objects.set(tileKey(x, y), { x, y, objIndex, amount });
      return [];
    }

    case "BlockPosition":
      return [{ type: "block-position", x: packet.fields.x, y: packet.fields.y, blocked: packet.fields.blocked }];

    case "ObjectDelete":
      state.objects.delete(tileKey(packet.fields.x, packet.fields.y));
      return [];

    case "ChatOverHead": {
      const { text, charIndex, color, isSpell } = packet.fields;
      const char = state.chars.get(charIndex);
      if (text.length === 0) {
        state.bubbles.delete(charIndex);
        return [];
      }
      if (isSpell) {
        // Magic words (`PMAG*<id>`): over the caster only, as the stock client says them.
        const words = spellWordsText(state.spellCatalogue, text);
        state.bubbles.set(charIndex, { text: words, color, untilMs: nowMs + bubbleDurationMs(words), spell: true });
        return [];
      }
      state.bubbles.set(charIndex, { text, color, untilMs: nowMs + bubbleDurationMs(text) });
      const name = char?.name ?? "";
      pushConsole(state, name ? `${name}: ${text}` : text, "chat", nowMs);
      return [{ type: "chat", charIndex, name, text }];
    }

    case "LocaleChatOverHead": {
      // An NPC's numbered line over its head (the banker's balance): a bubble and a console line.
      const { messageId, params, charIndex, color } = packet.fields;
      const text = localeMessageText(messageId, params);
      const char = state.chars.get(charIndex);
      if (char) state.bubbles.set(charIndex, { text, color, untilMs: nowMs + bubbleDurationMs(text) });
      pushConsole(state, char?.name ? `${char.name}: ${text}` : text, "chat", nowMs);
      return [];
    }

    case "RemoveCharDialog":
      state.bubbles.delete(packet.fields.charIndex);
      return [];

    case "RemoveDialogs":
      state.bubbles.clear();
      return [];

    case "ConsoleMsg": {
      const { text, fontIndex } = packet.fields;
      // A cast's console macros (`ProMSG*`, `HecMSGU*`, `HecMSGA*`) are worded with the world's spells.
      pushConsole(state, spellConsoleText(state.spellCatalogue, text) ?? text, toneOfFont(fontIndex), nowMs);
      const countdown = quitCountdownOf(text);
      if (countdown === "cancelled") state.quitSecondsLeft = null;
      else if (countdown) state.quitSecondsLeft = countdown.secondsLeft;
      return [];
    }

    case "ChangeNPCInventorySlot": {
      const { slot, objIndex, amount, price, canUse } = packet.fields;
      if (!Number.isInteger(slot) || slot < 1 || slot > SHOP_SLOTS) return [];
      // An empty slot is one shape: the full refresh repeats the previous slot's price there (Q16).
      state.shop.slots[slot - 1] =
        objIndex > 0 && amount > 0
          ? { slot, objIndex, amount, price: Number.isFinite(price) && price > 0 ? Math.ceil(price) : 0, canUse }
          : { slot, objIndex: 0, amount: 0, price: 0, canUse: 0 };
      return [];
    }

    case "UserCommerceInit":
      // Both offers start empty; a question still shown was about this trade.
      state.trade = { ...emptyTrade(), open: true };
      state.question = null;
      return [{ type: "trade-opened" }];

    case "UserCommerceEnd":
      if (!state.trade.open) return [];
      state.trade = emptyTrade();
      return [{ type: "trade-closed" }];

    case "ChangeUserTradeSlot": {
      const { isMyOffer, gold, slots } = packet.fields;
      applyTradeOffer(state, isMyOffer, gold, slots);
      return [];
    }

    case "CommerceRecieveChatMessage":
      applyTradeChat(state, packet.fields.message);
      return [];

    case "SendClientToggles":
      state.clientToggles = packet.fields.toggles.slice(0, 64);
      return [];

    case "TrainerCreatureList":
      applyTrainerList(state, packet.fields.creatureNames);
      return [];

    case "ShowPregunta": {
      applyQuestion(state, packet.fields.messageId, packet.fields.param);
      const question = state.question!;
      return [{ type: "question", messageId: question.messageId, param: question.param }];
    }

    case "ChangeBankSlot":
      applyBankSlot(state, packet.fields);
      return [];

    case "UpdateBankGld":
      applyBankGold(state, packet.fields.bankGold);
      return [];

    case "BankInit":
      state.bank.open = true;
      return [{ type: "bank-opened" }];

    case "BankEnd":
      if (!state.bank.open) return [];
      state.bank.open = false;
      return [{ type: "bank-closed" }];

    case "CommerceInit":
      state.shop.open = true;
      state.shop.npcName = packet.fields.npcName;
      return [{ type: "shop-opened", npcName: packet.fields.npcName }];

    case "CommerceEnd":
      if (!state.shop.open) return [];
      state.shop.open = false;
      return [{ type: "shop-closed" }];

    case "LocaleMsg":
      pushConsole(state, localeMessageText(packet.fields.messageId, packet.fields.params), toneOfFont(packet.fields.fontIndex), nowMs);
      if (packet.fields.messageId === LocaleId.SkillImproved) applySkillRise(state, packet.fields.params);
      notePoisonLine(state, packet.fields.messageId, nowMs);
      return [];

    case "DebugDataResponse":
      // `/REQDEBUG` (an Admin's): the stock client's debug window; here its lines go to the console.
      for (const line of packet.fields.lines.slice(0, MAX_DEBUG_LINES)) pushConsole(state, line, toneOfFont(FONT_INFO), nowMs);
      return [];

    case "ConsoleCharText": {
      const { text, speakerName } = packet.fields;
      pushConsole(state, speakerName ? `${speakerName}: ${text}` : text, "chat", nowMs);
      return [];
    }

    case "UpdateUserStats": {
      const f = packet.fields;
      const s = state.stats;
      // A higher level than the one we knew is a level-up (the login burst starts from 0).
      if (s.level > 0 && f.level > s.level) state.levelUp = { level: f.level, atMs: nowMs };
      s.maxHp = f.maxHp;
      s.hp = f.minHp;
      s.maxMana = f.maxMana;
      s.mana = f.minMana;
      s.maxStamina = f.maxSta;
      s.stamina = f.minSta;
      s.gold = f.gold;
      s.level = f.level;
      s.expToNextLevel = f.expToNextLevel;
      s.exp = f.exp;
      s.classId = f.class;
      const me = ownChar(state);
      if (me) {
        me.minHp = f.minHp;
        me.maxHp = f.maxHp;
      }
      if (f.minHp <= 0 && f.maxHp > 0) clearOnDeath(state);
      return [];
    }
    case "UpdateHP": {
      state.stats.hp = packet.fields.minHp;
      // The bar over our own head follows too (others get `CharUpdateHP`).
      const me = ownChar(state);
      if (me) me.minHp = packet.fields.minHp;
      if (packet.fields.minHp <= 0) clearOnDeath(state);
      return [];
    }
    case "UpdateMana":
      state.stats.mana = packet.fields.minMana;
      return [];
    case "UpdateSta":
      state.stats.stamina = packet.fields.minSta;
      return [];
    case "UpdateGold":
      state.stats.gold = packet.fields.gold;
      return [];
    case "UpdateExp":
      state.stats.exp = packet.fields.exp;
      return [];
    case "UpdateHungerAndThirst": {
      const f = packet.fields;
      state.stats.food = f.food;
      state.stats.maxFood = f.maxFood;
      state.stats.water = f.water;
      state.stats.maxWater = f.maxWater;
      return [];
    }
    case "LevelUp":
      state.stats.freeSkillPoints = Math.max(0, packet.fields.freeSkillPoints);
      return [];
    case "SendSkills":
      state.stats.skills = readSkills(packet.fields.skills);
      return [];
    case "Atributes":
      applyAttributes(state, packet.fields);
      return [];
    case "MiniStats":
      applyMiniStats(state, packet.fields);
      return [];
    case "UpdateUserKey":
      applyKeyRingSlot(state.stats.keyRing, packet.fields.slot, packet.fields.key);
      return [];

    case "ChangeInventorySlot": {
      const { slot, objIndex, amount, equipped, canUse, salePrice } = packet.fields;
      if (slot < 1 || slot > INVENTORY_SLOT_COUNT) return [];
      while (state.inventory.length < slot) state.inventory.push(undefined);
      // An empty slot is one shape whatever else the packet carries (the server keeps stale tags).
      state.inventory[slot - 1] =
        objIndex > 0
          ? { slot, objIndex, amount: Math.max(0, amount), equipped, canUse, salePrice: Number.isFinite(salePrice) ? salePrice : 0 }
          : { slot, objIndex: 0, amount: 0, equipped: false, canUse: 0, salePrice: 0 };
      return [];
    }

    case "InventoryUnlockSlots":
      state.inventorySlots = inventorySlotsFor(packet.fields.unlockedRows);
      return [];

    case "ShowPickUpObj":
      pushPickUp(state, packet.fields.objIndex, packet.fields.amount, nowMs);
      return [];

    case "TextOverTile": {
      const f = packet.fields;
      if (f.text.length === 0) return [];
      pruneTileTexts(state, nowMs);
      const durationMs = Math.min(TILE_TEXT_MAX_MS, Math.max(TILE_TEXT_MIN_MS, f.duration));
      state.tileTexts.push({
        text: f.text.slice(0, TILE_TEXT_MAX_CHARS),
        x: f.x,
        y: f.y,
        color: f.color,
        offsetY: Math.min(TILE_PX * 2, Math.max(-TILE_PX * 2, f.offsetY)),
        animated: f.animated,
        startMs: nowMs,
        untilMs: nowMs + durationMs,
      });
      pruneTileTexts(state, nowMs);
      return [];
    }

    case "UserOnline":
      state.usersOnline = packet.fields.usersOnline;
      return [];

    case "Logged":
      state.phase = "in_world";
      state.quitSecondsLeft = null;
      return [{ type: "logged", newUser: packet.fields.newUser }];

    case "Disconnect":
      state.quitSecondsLeft = null;
      return [{ type: "disconnect" }];

    default:
      return [];
  }
}

/** True for chars the renderer should draw as NPCs. */
export function isNpcChar(char: CharView): boolean {
  return char.kind === CharacterKind.Npc || char.kind === CharacterKind.Pet;
}
