/**
 * MapPackets on the project's protocol library: one PacketWriter reused for every frame; the
 * hot packets use the dedicated writers, the rest the table-driven encoder.
 */
import { SPELL_SLOT_COUNT, type Attributes, type CharacterRecord } from "../game/character/index.ts";
import type { MiniStats } from "../game/character-sheet/index.ts";
import {
  CHARACTER_CREATE_DEFAULTS,
  JOINED_LIST_SEPARATOR,
  PacketWriter,
  SKILL_COUNT,
  STOCK_INTERVALS_MS,
  writeCharacterChange,
  writeCharacterCreate,
  writeCharacterMove,
  writeCharacterRemove,
  writeChatOverHead,
  writePosUpdate,
  writeServerPacket,
  type CharacterCreateFields,
  type ServerPacketName,
} from "../protocol/index.ts";
import { FactionStatus, safeModeAtLogin } from "../game/faction/index.ts";
import { FONT_MOTD } from "../game/messages/index.ts";
import type { InventorySlotFrame, MapPackets, VisibleChar } from "./map-packets.ts";

/** Spell slots sent at login (MAXUSERHECHIZOS). */
export const LOGIN_SPELL_SLOTS = SPELL_SLOT_COUNT;
/**
 * Feature toggles this server announces (VB6 `PrepareActiveToggles`, the active ones of
 * `feature_toggle.ini`): of the names the stock client reads, `hotokey-enabled` (on in AO20's
 * shipped file) turns its hotkey bar on and lets it send `UseHKeySlot` (systems/hotkeys.ts).
 */
export const CLIENT_TOGGLES: readonly string[] = ["hotokey-enabled"];
/** No effect on the char. */
const NO_FX = 0;

export interface MapPacketsOptions {
  /** Experience needed to leave each level (index 0 = level 1), for UpdateUserStats. */
  expToLevelUp?: readonly number[];
}

export function createMapPackets(options: MapPacketsOptions = {}): MapPackets {
  const writer = new PacketWriter();
  const expToLevelUp = options.expToLevelUp ?? [];

  // Fields are checked at run time by the layout encoder (a wrong name or type throws here,
  // in tests, not on the wire); a generic signature per packet name is too deep for tsc.
  const frame = (name: ServerPacketName, fields: Record<string, unknown>): Uint8Array => {
    writer.reset();
    const error = writeServerPacket(writer, name, fields as never);
    if (error) throw error;
    return writer.bytes();
  };
  /** A copy, for the login burst that collects many frames before sending. */
  const copy = (name: ServerPacketName, fields: Record<string, unknown>): Uint8Array => frame(name, fields).slice();

  /** `UpdateUserStats` from the record: vitals, gold, level and the experience of this level. */
  const userStatsFields = (record: CharacterRecord, gold: number = record.gold): Record<string, unknown> => {
    const v = record.vitals;
    return {
      maxHp: v.maxHp,
      minHp: v.hp,
      shield: 0,
      maxMana: v.maxMana,
      minMana: v.mana,
      maxSta: v.maxStamina,
      minSta: v.stamina,
      gold,
      goldPerLevelWallet: 0,
      level: record.level,
      expToNextLevel: expToLevelUp[record.level - 1] ?? 0,
      exp: record.exp,
      class: record.class,
    };
  };

  const createFields = (c: VisibleChar): CharacterCreateFields => ({
    ...CHARACTER_CREATE_DEFAULTS,
    charIndex: c.charIndex,
    body: c.body,
    head: c.head,
    heading: c.heading,
    x: c.x,
    y: c.y,
    weapon: c.weapon,
    shield: c.shield,
    helmet: c.helmet,
    name: c.shownName ?? c.name,
    status: c.status,
    privileges: c.privileges,
    isNpc: c.isNpc,
    minHp: c.minHp,
    maxHp: c.maxHp,
    minMana: c.minMana,
    maxMana: c.maxMana,
    npcNumber: c.npcNumber,
    fx: c.fx ?? NO_FX,
    ...(c.speed !== undefined ? { speeding: c.speed } : {}),
    ...(c.symbol !== undefined ? { symbol: c.symbol } : {}),
  });

  return {
    characterMove(charIndex, x, y) {
      writer.reset();
      writeCharacterMove(writer, charIndex, x, y);
      return writer.bytes();
    },
    posUpdate(x, y) {
      writer.reset();
      writePosUpdate(writer, x, y);
      return writer.bytes();
    },
    areaChanged: (x, y) => frame("AreaChanged", { x, y }),
    characterCreate(char) {
      writer.reset();
      writeCharacterCreate(writer, createFields(char));
      return writer.bytes();
    },
    characterRemove(charIndex, fadeOut, wasWarp) {
      writer.reset();
      writeCharacterRemove(writer, charIndex, fadeOut, wasWarp);
      return writer.bytes();
    },
    characterChange(c) {
      writer.reset();
      writeCharacterChange(writer, {
        charIndex: c.charIndex,
        flags: 0,
        body: c.body,
        head: c.head,
        heading: c.heading,
        weapon: c.weapon,
        shield: c.shield,
        helmet: c.helmet,
        cart: 0,
        backpack: 0,
        fx: c.fx ?? NO_FX,
        fxLoops: 0,
      });
      return writer.bytes();
    },
    chatOverHead(text, charIndex, colour, x, y) {
      writer.reset();
      writeChatOverHead(writer, text, charIndex, colour, false, x, y, 0, 0);
      return writer.bytes();
    },
    localeChatOverHead: (messageId, params, charIndex, colour, x, y) =>
      frame("LocaleChatOverHead", { messageId, params, charIndex, color: colour, isSpell: false, x, y, minDisplayMs: 0, maxDisplayMs: 0 }),
    consoleMsg: (text, font) => frame("ConsoleMsg", { text, fontIndex: font }),
    localeMsg: (messageId, params, font) => frame("LocaleMsg", { messageId, params, fontIndex: font }),
    consoleCharText: (text, colour, speakerName, speakerStatus, privileges) =>
      frame("ConsoleCharText", { text, color: colour, speakerName, speakerStatus, privileges }),
    objectCreate: (x, y, obj, amount) => frame("ObjectCreate", { x, y, objIndex: obj, amount, elementalTags: 0 }),
    objectDelete: (x, y) => frame("ObjectDelete", { x, y }),
    changeInventorySlot: (view) => frame("ChangeInventorySlot", inventorySlotFields(view)),
    updateGold: (gold) => frame("UpdateGold", { gold, goldPerLevelWallet: 0 }),
    updateHp: (hp) => frame("UpdateHP", { minHp: hp, shield: 0 }),
    updateMana: (mana) => frame("UpdateMana", { minMana: mana }),
    updateStamina: (stamina) => frame("UpdateSta", { minSta: stamina }),
    updateHungerAndThirst: (food, water) => frame("UpdateHungerAndThirst", { maxWater: 100, water, maxFood: 100, food }),
    playWave: (wave, x, y, cancelLast = 0, localize = 0) => frame("PlayWave", { wave, x, y, cancelLast, localize }),
    playMidi: (midi, loops = -1) => frame("PlayMIDI", { midi, loops }),
    privilegios: (isStaff) => frame("Privilegios", { isStaff }),
    showPickUpObj: (obj, amount) => frame("ShowPickUpObj", { objIndex: obj, amount }),
    textOverTile: (text, x, y, colour) => frame("TextOverTile", { text, x, y, color: colour, duration: TEXT_OVER_TILE_MS, offsetY: 0, animated: true }),
    changeMap: (map) => frame("ChangeMap", { map, resourceMap: map }),
    userCharIndexInServer: (charIndex) => frame("UserCharIndexInServer", { charIndex }),
    removeDialogs: () => frame("RemoveDialogs", {}),
    removeCharDialog: (charIndex) => frame("RemoveCharDialog", { charIndex }),
    disconnect: (fullLogout) => frame("Disconnect", { fullLogout }),
    changeNpcInventorySlot: (view) =>
      frame("ChangeNPCInventorySlot", {
        slot: view.slot,
        objIndex: view.objectId,
        amount: view.amount,
        price: view.price,
        elementalTags: view.elementalTags,
        canUse: view.canUse,
      }),
    commerceInit: (npcName) => frame("CommerceInit", { npcName }),
    commerceEnd: () => frame("CommerceEnd", {}),
    changeBankSlot: (view) =>
      frame("ChangeBankSlot", { slot: view.slot, objIndex: view.objectId, elementalTags: view.elementalTags, amount: view.amount, value: view.value, canUse: view.canUse }),
    bankInit: () => frame("BankInit", {}),
    bankEnd: () => frame("BankEnd", {}),
    updateBankGold: (bankGold) => frame("UpdateBankGld", { bankGold }),
    userCommerceInit: () => frame("UserCommerceInit", {}),
    userCommerceEnd: () => frame("UserCommerceEnd", {}),
    changeUserTradeSlot: (isMyOffer, gold, slots) => frame("ChangeUserTradeSlot", { isMyOffer, gold, slots: slots.map((slot) => ({ ...slot })) }),
    showPregunta: (messageId, param) => frame("ShowPregunta", { messageId, param }),
    charSwing: (charIndex, showFx, showText, notifyText) => frame("CharSwing", { charIndex, showFx, showText, notifyText }),
    armaMov: (charIndex, isRanged) => frame("ArmaMov", { charIndex, isRanged: isRanged ? 1 : 0 }),
    escudoMov: (charIndex) => frame("EscudoMov", { charIndex }),
    charAtaca: (npcCharIndex, victimCharIndex, damage) => frame("CharAtaca", { charIndex: npcCharIndex, attackerIndex: victimCharIndex, damage }),
    npcHitUser: (bodyPart, damage) => frame("NPCHitUser", { bodyPart, damage }),
    userHittedUser: (victimCharIndex, bodyPart, damage) => frame("UserHittedUser", { victimCharIndex, bodyPart, damage }),
    userHittedByUser: (attackerCharIndex, bodyPart, damage) => frame("UserHittedByUser", { attackerCharIndex, bodyPart, damage }),
    textOverChar: (text, charIndex, colour) => frame("TextOverChar", { text, charIndex, color: colour }),
    charUpdateHp: (charIndex, minHp, maxHp) => frame("CharUpdateHP", { charIndex, minHp, maxHp, shield: 0 }),
    createFx: (charIndex, fx, loops) => frame("CreateFX", { charIndex, fx, fxLoops: loops, x: 0, y: 0 }),
    particleFx: (charIndex, particle, timeMs, remove, x = 0, y = 0) => frame("ParticleFX", { charIndex, particle, time: timeMs, remove, grh: 0, x, y }),
    barFx: (charIndex, seconds, action) => frame("BarFx", { charIndex, barTime: seconds, barAction: action }),
    fxpiso: (x, y, grhIndex) => frame("Fxpiso", { x, y, grhIndex }),
    npcKillUser: () => frame("NPCKillUser", {}),
    updateExp: (exp) => frame("UpdateExp", { exp }),
    levelUp: (freeSkillPoints) => frame("LevelUp", { freeSkillPoints }),
    updateUserStats: (record, gold) => frame("UpdateUserStats", userStatsFields(record, gold)),

    loginBurstBeforeArea(record, inventory, userSlot, mapId, timeOfDayMs, spellBindable = () => false) {
      const frames: Uint8Array[] = [];
      frames.push(copy("SendClientToggles", { toggles: [...CLIENT_TOGGLES] }));
      frames.push(copy("Intervals", { ...STOCK_INTERVALS_MS }));
      for (const view of inventory) frames.push(copy("ChangeInventorySlot", inventorySlotFields(view)));
      for (let slot = 1; slot <= LOGIN_SPELL_SLOTS; slot++) {
        const spellId = record.spells[slot - 1] ?? 0;
        frames.push(copy("ChangeSpellSlot", { slot, spellId, spellIdOrEmpty: spellId > 0 ? spellId : -1, bindable: spellId > 0 && spellBindable(spellId) }));
      }
      frames.push(copy("UserIndexInServer", { userIndex: userSlot }));
      frames.push(copy("Hora", { elapsedMsInDay: Math.floor(timeOfDayMs), dayLengthMs: DAY_MS_FOR_CLIENT }));
      frames.push(copy("ChangeMap", { map: mapId, resourceMap: mapId }));
      return frames;
    },

    loginBurstAfterArea(record, onlineCount, motd) {
      const frames: Uint8Array[] = [];
      const v = record.vitals;
      frames.push(copy("UpdateUserStats", userStatsFields(record)));
      frames.push(copy("UpdateHungerAndThirst", { maxWater: 100, water: v.water, maxFood: 100, food: v.food }));
      frames.push(copy("UpdateDM", { value: 0 }));
      frames.push(copy("UpdateRM", { value: 0 }));
      for (const line of motd) frames.push(copy("ConsoleMsg", { text: line, fontIndex: FONT_MOTD }));
      if (record.freeSkillPoints > 0) {
        frames.push(copy("SendSkills", sendSkillsFields(record.skills)));
        frames.push(copy("LevelUp", { freeSkillPoints: record.freeSkillPoints }));
      }
      frames.push(copy("UserOnline", { usersOnline: onlineCount }));
      frames.push(copy("Atributes", attributesFields(record.attributes)));
      const [strength, agility] = record.attributes;
      frames.push(copy("FYA", { strength, agility, effectDuration: 0 }));
      frames.push(copy("Logged", { newUser: false }));
      // VB6 `ConnectUser`: the safe starts off for criminals and the Chaos side.
      frames.push(copy(safeModeAtLogin(record.factionStatus ?? FactionStatus.citizen) ? "SafeModeOn" : "SafeModeOff", {}));
      // VB6 `ConnectUser_Complete` sends `ePrivilegios(isStaff)` to everyone; `false` is the stock
      // client's own default, so a player's burst stays as it was and only staff get it.
      if (record.staff?.rank != null) frames.push(copy("Privilegios", { isStaff: true }));
      return frames;
    },
    workRequestTarget: (skill) => frame("WorkRequestTarget", { skill, isArea: false, radius: 0 }),
    createProjectile: (fromX, fromY, toX, toY, projectileType) =>
      frame("CreateProjectile", { startX: fromX, startY: fromY, targetX: toX, targetY: toY, projectileType }),
    updateCooldownType: (cooldownType) => frame("UpdateCooldownType", { cooldownType }),
    // `arrayIndex` is the party leader's user slot (VB6 `Grupo.Lider.ArrayIndex`): no parties yet.
    updateTagAndStatus: (charIndex, status, tag) => frame("UpdateTagAndStatus", { charIndex, status, tag, arrayIndex: 0 }),
    safeMode: (on) => frame(on ? "SafeModeOn" : "SafeModeOff", {}),
    // -- reports (gm-and-moderation §3.8)
    showSosForm: (entries) => frame("ShowSOSForm", { requests: entries.join(JOINED_LIST_SEPARATOR) }),
    // -- a game master's own settings (systems/staff/self.ts, debug.ts)
    velocidadToggle: (speed) => frame("VelocidadToggle", { speed }),
    speedToChar: (charIndex, speed) => frame("SpeedToChar", { charIndex, speed }),
    debugDataResponse: (lines) => frame("DebugDataResponse", { lines: [...lines] }),
    goliath: (bankGold, itemCount) => frame("Goliath", { bankGold, itemCount }),
    paralizeOk: () => frame("ParalizeOK", {}),
    inmovilizadoOk: () => frame("InmovilizadoOK", {}),
    blind: () => frame("Blind", {}),
    blindNoMore: () => frame("BlindNoMore", {}),
    dumb: () => frame("Dumb", {}),
    dumbNoMore: () => frame("DumbNoMore", {}),
    // -- staff on the GM's map
    blockPosition: (x, y, directionBits) => frame("BlockPosition", { x, y, blocked: directionBits }),
    updateUserKey: (slot, key) => frame("UpdateUserKey", { slot, key }),
    npcQuestListSend: (quests) => frame("NpcQuestListSend", { quests }),
    questDetails: (fields) => frame("QuestDetails", fields),
    questListSend: (questCount, questIndexes) => frame("QuestListSend", questCount > 0 ? { questCount, questIndexes } : { questCount }),
    updateNpcSymbol: (charIndex, symbol) => frame("UpdateNPCSimbolo", { charIndex, symbol }),
    spawnList: (fullList) => frame("SpawnListt", { fullList }),
    cerrarleCliente: () => frame("CerrarleCliente", {}),
    setInvisible: (charIndex, invisible, x = 0, y = 0) => frame("SetInvisible", { charIndex, invisible, x, y }),
    meditateToggle: (charIndex, fx, x = 0, y = 0) => frame("MeditateToggle", { charIndex, fx, x, y }),
    restOk: () => frame("RestOK", {}),
    fya: (strength, agility, effectDuration) => frame("FYA", { strength, agility, effectDuration }),
    contadores: (invisibility, effectDuration) => frame("Contadores", { invisibility, effectDuration }),
    changeSpellSlot: (slot, spellId, bindable = false) => frame("ChangeSpellSlot", { slot, spellId, spellIdOrEmpty: spellId > 0 ? spellId : -1, bindable }),
    workRequestTargetArea: (skill, isArea, radius) => frame("WorkRequestTarget", { skill, isArea, radius }),
    spellWords(text, charIndex, colour, x, y, minDisplayMs, maxDisplayMs) {
      writer.reset();
      writeChatOverHead(writer, text, charIndex, colour, true, x, y, minDisplayMs, maxDisplayMs);
      return writer.bytes();
    },
    particleFxWithDestino: (emitter, receiver, travelParticle, finalParticle, time, wave, fx) =>
      frame("ParticleFXWithDestino", { emitter, receiver, travelParticle, finalParticle, time, wave, fx, x: 0, y: 0 }),
    particleFxWithDestinoXy: (emitter, travelParticle, finalParticle, time, wave, fx, x, y) =>
      frame("ParticleFXWithDestinoXY", { emitter, travelParticle, finalParticle, time, wave, fx, x, y }),
    particleFxToFloor: (x, y, particle, time) => frame("ParticleFXToFloor", { x, y, particle, time }),
    seguroResu: (enabled) => frame("SeguroResu", { enabled }),
    showMessageBox: (messageId, extra) => frame("ShowMessageBox", { messageId, extra }),
    showMotdEditionForm: (currentMotd) => frame("ShowMOTDEditionForm", { currentMotd }),
    userNameList: (names) => frame("UserNameList", { userNames: names.join(JOINED_LIST_SEPARATOR) }),
    showGmPanelForm: (head, body, helmetAnim, weaponAnim, shieldAnim) => frame("ShowGMPanelForm", { head, body, helmetAnim, weaponAnim, shieldAnim }),
    sendSkills: (skills) => frame("SendSkills", sendSkillsFields(skills)),
    attributes: (attributes) => frame("Atributes", attributesFields(attributes)),
    miniStats: (stats) => frame("MiniStats", miniStatsFields(stats)),
    trainerCreatureList: (names) => frame("TrainerCreatureList", { creatureNames: names.join(JOINED_LIST_SEPARATOR) }),
    showSignal: (objIndex, secondaryGrh) => frame("ShowSignal", { objIndex, secondaryGrh }),
    showPapiro: () => frame("ShowPapiro", {}),
    showWorldMap: (expMultiplier, goldMultiplier) => frame("ShowFrmMapa", { expMultiplier, goldMultiplier }),
    commerceChat: (message) => frame("CommerceRecieveChatMessage", { message }),
  };
}

/** `SendSkills` (VB6 `WriteSendSkills`: `UserSkills(1…NUMSKILLS)`): a skill the list lacks is 0. */
function sendSkillsFields(skills: readonly number[]): Record<string, unknown> {
  return { skills: Array.from({ length: SKILL_COUNT }, (_, index) => skills[index] ?? 0) };
}

/** `Atributes` from the record's order (STR, AGI, INT, CHA, CON) to VB6's wire order (STR, AGI, INT, CON, CHA). */
function attributesFields(attributes: Readonly<Attributes>): Record<string, unknown> {
  const [strength, agility, intelligence, charisma, constitution] = attributes;
  return { strength, agility, intelligence, constitution, charisma };
}

function miniStatsFields(stats: MiniStats): Record<string, unknown> {
  return {
    citizensKilled: stats.citizensKilled,
    criminalsKilled: stats.criminalsKilled,
    status: stats.factionStatus,
    npcsKilled: stats.npcsKilled,
    class: stats.classId,
    penalty: stats.jailMinutes,
    deaths: stats.deaths,
    gender: stats.gender,
    fishingPoints: stats.fishingPoints,
    race: stats.race,
  };
}

/** How long a `TextOverTile` ("+100" gold picked up) stays, ms. */
const TEXT_OVER_TILE_MS = 1500;

function inventorySlotFields(view: InventorySlotFrame): Record<string, unknown> {
  return {
    slot: view.slot,
    objIndex: view.objectId,
    amount: view.amount,
    equipped: view.equipped,
    salePrice: view.salePrice,
    canUse: view.canUse,
    elementalTags: view.elementalTags,
    bindable: view.bindable,
  };
}

/** The day length the client is told in `Hora` (ms). */
const DAY_MS_FOR_CLIENT = 60 * 60 * 1000;
