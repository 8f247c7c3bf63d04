/**
 * The browser client's pure core: state, packet reducer, prediction and reconciliation, camera,
 * map grid and sprite index. No DOM and no sockets here, so bots, tests and other tools can
 * reuse them. The page itself starts in `main.ts`; the server serves it through `serve.ts`.
 * The rules the client shares with the server and the bots (headings, walk legality, the area
 * window, the map JSON reader) are not here: they are src/game/movement, area and map-json.
 */
export { ClientSession, STEP_CADENCE_SLACK_MS, type ClientSessionOptions } from "./client-session.ts";
export {
  parseChatLine,
  CHAT_COMMANDS,
  MAX_DESCRIPTION_CHARS,
  type ChatIntent,
  type ChatCommandIntent,
  type ChatCommandPacket,
  type ChatCommandFields,
  type ChatCommandSpec,
} from "./chat-input.ts";
export { ClientOutbox, OutboxError, type NewCharacterRequest, type Transport } from "./client-outbox.ts";
export { reduceServerPacket, bubbleDurationMs, isNpcChar, inventorySlotsFor, type ClientSignal } from "./packet-reducer.ts";
export {
  activationFor,
  checkSlot,
  checkItemDrop,
  checkGoldDrop,
  checkMove,
  checkDelete,
  wholeStack,
  allGold,
  parseAmount,
  ACTIVATION_BY_OBJ_TYPE,
  type SlotActivation,
  type ActivationRule,
  type InventoryRefusal,
  type InventoryCheck,
} from "./inventory-rules.ts";
export {
  applyBankSlot,
  applyBankGold,
  vaultSlot,
  checkDeposit,
  checkWithdraw,
  checkGoldDeposit,
  checkGoldWithdraw,
  type BankRefusal,
  type BankCheck,
  type BankDeal,
} from "./bank-rules.ts";
export {
  applyTradeOffer,
  applyQuestion,
  checkItemOffer,
  checkGoldOffer,
  checkAccept,
  offeredUnits,
  TRADE_GOLD_SLOT,
  type TradeRefusal,
  type TradeCheck,
  type TradeDeal,
} from "./trade-rules.ts";
export { serviceKeyAction, SERVICE_KEY_CODES, type ServiceKeyAction } from "./service-keys.ts";
export {
  isDead,
  checkAttack,
  clampAttackInterval,
  isAttackKey,
  pushCharText,
  liveCharTexts,
  startSwing,
  faceTowards,
  swingOffset,
  ATTACK_KEY_CODES,
  MISS_COLOUR,
  type AttackRefusal,
  type AttackCheck,
} from "./combat-rules.ts";
export {
  emptyDraft,
  skillPoints,
  draftFree,
  checkSkillAssignment,
  raiseInDraft,
  lowerInDraft,
  applySkillAssignment,
  readSkills,
  MAX_SKILL_POINTS,
  SKILLS_KEY_CODE,
  type SkillRefusal,
  type SkillCheck,
} from "./skills-rules.ts";
export {
  applySpellSlot,
  spellInSlot,
  spellName,
  spellRows,
  checkCast,
  checkMoveSpell,
  checkSpellClick,
  checkMeditate,
  spellWordsText,
  spellOfWords,
  spellConsoleText,
  SPELLS_KEY_CODE,
  MEDITATE_KEY_CODE,
  type SpellRefusal,
  type SpellCheck,
  type SpellRow,
} from "./spell-rules.ts";
export {
  toggleParalysis,
  toggleImmobilization,
  setBlind,
  setDumb,
  setInvisible,
  applyCounters,
  applyAttributeBoost,
  notePoisonLine,
  applyMeditateToggle,
  isMeditating,
  heldBy,
  statusMarks,
  charVisibility,
  POISON_MESSAGES,
  type StatusMark,
  type StatusMarkKind,
} from "./altered-states.ts";
export {
  pushCharBurst,
  pushCharParticles,
  pushTileEffect,
  pushTravel,
  liveEffects,
  effectProgress,
  effectHue,
  burstShape,
  particleOffsets,
  travelPoint,
  meditationRing,
  PARTICLES_PER_EFFECT,
} from "./spell-effects.ts";
export {
  createGameState,
  resetWorld,
  ownChar,
  pushConsole,
  pushPickUp,
  usableSlot,
  tileKey,
  type GameState,
  type ClientPhase,
  type CharView,
  type AccountCharacter,
  type PlayerStats,
  type InventorySlotView,
  type BankSlotView,
  type BankState,
  type TradeSlotView,
  type TradeOfferView,
  type TradeState,
  type QuestionView,
  type PickUpNotice,
  type TileText,
  type CharText,
  type LevelUpNotice,
  type TargetMode,
  type ProjectileView,
  type ActionBar,
  type GroundObjectView,
  type ConsoleLine,
  type ConsoleTone,
  type ChatBubble,
  type SpellBookState,
  type SpellEffectView,
  type SpellEffectKind,
  type OwnStatusState,
  type AttributeBoostView,
  type AttributesView,
  type MiniStatsView,
} from "./game-state.ts";
export { applyAttributes, applyMiniStats, attributeRows, miniStatsRows, CHARACTER_TEXT, type CharacterRow } from "./character-sheet-rules.ts";
export { MovementPredictor, type PendingStep, type Reconciliation, type StepLegality } from "./prediction.ts";
export { LiveMapGrid } from "./map-grid.ts";
export { cameraFor, zoomFor, tileToPixel, MAX_VIEW_TILES, type Camera } from "./camera.ts";
export { renderPosition, startStep, placeAt, isMoving, type RenderPoint } from "./animation.ts";
export { DirectionKeys, DIRECTION_KEY_CODES } from "./direction-keys.ts";
export {
  createSpriteIndex,
  proceduralSpriteIndex,
  aoSpriteIndex,
  type SpriteIndex,
  type CharacterSprite,
  type SpriteSourceKind,
  type ObjectTypes,
  type ObjectGrhs,
} from "./sprite-index.ts";
export { aoCharacterLayers, grhFrame, grhPicture, isGraphicsIndexShape, type SpriteLayer, type GrhPlacement } from "./ao-sprites.ts";
export {
  readMapLayers,
  buildMapTerrain,
  roofTriggerNear,
  isRoofTrigger,
  overlaps,
  placeOnTile,
  MapTerrain,
  MAX_LAYERS_DOCUMENT_BYTES,
  type LayersReading,
  type TerrainSprite,
  type RoofSprite,
} from "./map-terrain.ts";
export {
  characterLook,
  tileLook,
  objectLook,
  figureOf,
  raceOfHead,
  vbColourToCss,
  type CharacterAppearance,
  type CharacterLook,
  type CharacterMotion,
  type TileLook,
  type ObjectLook,
  type Figure,
  type Terrain,
} from "./procedural-art.ts";
export { checkCreationForm, headChoices, cycleHead, RACE_CHOICES, GENDER_CHOICES, CLASS_CHOICES, type Choice, type FormCheck } from "./creation-options.ts";
export { messageBoxText, localeMessageText, quitCountdownOf, toneOfFont, MESSAGE_BOX_TEXT, CHAT_TEXT, INVENTORY_TEXT, VITALS_TEXT, BANK_TEXT, TRADE_TEXT, QUESTION_BOX_TEXT, COMBAT_TEXT, DEATH_TEXT, LEVEL_UP_TEXT, SKILLS_TEXT, SKILL_NAMES, SPELL_TEXT, STATUS_MARK_TEXT, HELD_TEXT, PET_TEXT } from "./ui-text.ts";
export { parseWorldInfo, fallbackWorldInfo, buildWorldInfoJson, type WorldInfo, type WorldInfoJson, type SpellInfo, type SpellInfoJson } from "./world-info.ts";
export * from "./constants.ts";
