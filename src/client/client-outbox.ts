/**
 * What the client sends, encoded with the project's protocol library, with the per-action
 * sequence counters the server checks (§6.3: reset when `Logged` arrives, pre-incremented, so
 * the first value is 1). Pure apart from the injected transport.
 */
import { CLIENT_PACKETS, clientCodec, type ClientPacketFields, type ClientPacketName } from "../protocol/index.ts";
import type { ChatCommandIntent } from "./chat-input.ts";
import type { Heading } from "../game/movement/index.ts";

/** Where encoded bodies go: one WebSocket binary message each. */
export interface Transport {
  send(body: Uint8Array): void;
  close(): void;
}

/** The character-creation request (`LoginNewChar`, PYMMO=0). */
export interface NewCharacterRequest {
  readonly name: string;
  readonly race: number;
  readonly gender: number;
  readonly classId: number;
  readonly head: number;
  readonly homeCity: number;
}

/** A packet that failed to encode (a client bug or a bad value from a form); never thrown. */
export class OutboxError extends Error {
  readonly code = "encode_failed";
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "OutboxError";
  }
}

export class ClientOutbox {
  private walkCounter = 0;
  private talkCounter = 0;
  private headingCounter = 0;
  private useItemCounter = 0;
  private useItemUCounter = 0;
  private equipItemCounter = 0;
  private dropCounter = 0;
  private leftClickCounter = 0;
  private workLeftClickCounter = 0;
  private workCounter = 0;
  private attackCounter = 0;
  private castSpellCounter = 0;
  /** Counters of the typed commands whose packets carry one (`GuildMessage`), by packet. */
  private readonly commandCounters = new Map<ClientPacketName, number>();

  constructor(
    private readonly transport: Transport,
    private readonly onError: (error: OutboxError) => void = () => {},
  ) {}

  /** The server resets its copies when it sends `Logged`; so do we. */
  resetCounters(): void {
    this.walkCounter = 0;
    this.talkCounter = 0;
    this.headingCounter = 0;
    this.useItemCounter = 0;
    this.useItemUCounter = 0;
    this.equipItemCounter = 0;
    this.dropCounter = 0;
    this.leftClickCounter = 0;
    this.workLeftClickCounter = 0;
    this.workCounter = 0;
    this.attackCounter = 0;
    this.castSpellCounter = 0;
    this.commandCounters.clear();
  }

  loginAccount(email: string, password: string): boolean {
    return this.send("LoginAccount", { email, password } satisfies ClientPacketFields<"LoginAccount">);
  }

  createAccount(email: string, password: string): boolean {
    return this.send("CreateAccount", { email, password } satisfies ClientPacketFields<"CreateAccount">);
  }

  loginExistingChar(charId: number, name: string): boolean {
    return this.send("LoginExistingChar", { charId, name } satisfies ClientPacketFields<"LoginExistingChar">);
  }

  loginNewChar(request: NewCharacterRequest): boolean {
    return this.send("LoginNewChar", {
      name: request.name,
      race: request.race,
      gender: request.gender,
      class: request.classId,
      head: request.head,
      homeCity: request.homeCity,
    } satisfies ClientPacketFields<"LoginNewChar">);
  }

  walk(heading: Heading): boolean {
    return this.send("Walk", { heading, counter: ++this.walkCounter } satisfies ClientPacketFields<"Walk">);
  }

  changeHeading(heading: Heading): boolean {
    return this.send("ChangeHeading", { heading, counter: ++this.headingCounter } satisfies ClientPacketFields<"ChangeHeading">);
  }

  talk(text: string): boolean {
    return this.send("Talk", { text, counter: ++this.talkCounter } satisfies ClientPacketFields<"Talk">);
  }

  yell(text: string): boolean {
    return this.send("Yell", { text } satisfies ClientPacketFields<"Yell">);
  }

  whisper(targetName: string, text: string): boolean {
    return this.send("Whisper", { targetName, text } satisfies ClientPacketFields<"Whisper">);
  }

  /** A typed `/command`; its sequence counter, when the packet has one, is filled in here. */
  command(intent: ChatCommandIntent): boolean {
    if (!hasCounter(intent.packet)) return this.send(intent.packet, intent.fields);
    const counter = (this.commandCounters.get(intent.packet) ?? 0) + 1;
    this.commandCounters.set(intent.packet, counter);
    return this.send(intent.packet, { ...intent.fields, counter });
  }

  // ---------------------------------------------------------------- inventory
  // Range checks live in the session (inventory-rules.ts); these only encode, and count.

  /**
   * Double click on a slot. The stock client writes `ActiveInventoryTab = eInventory` here (a VB
   * Boolean, non-zero on the inventory tab); the server only tests for non-zero.
   */
  useItem(slot: number): boolean {
    return this.send("UseItem", { slot, fromInventoryTab: 1, counter: ++this.useItemCounter } satisfies ClientPacketFields<"UseItem">);
  }

  /** A key of the ring on the door last clicked (`UseKey`). */
  useKey(slot: number): boolean {
    return this.send("UseKey", { slot } satisfies ClientPacketFields<"UseKey">);
  }

  /** The U key. */
  useItemU(slot: number): boolean {
    return this.send("UseItemU", { slot, counter: ++this.useItemUCounter } satisfies ClientPacketFields<"UseItemU">);
  }

  /** Equips, or unequips when the slot is equipped (the server toggles). Skins are not offered. */
  equipItem(slot: number): boolean {
    return this.send("EquipItem", { slot, isSkin: false, counter: ++this.equipItemCounter } satisfies ClientPacketFields<"EquipItem">);
  }

  /** Drops `amount` of `slot` (`GOLD_SLOT` for gold) on tile (x, y): the stock client sends its own tile. */
  drop(slot: number, amount: number, x: number, y: number): boolean {
    return this.send("Drop", { slot, amount, counter: ++this.dropCounter, x, y } satisfies ClientPacketFields<"Drop">);
  }

  /** Picks up the pile on (x, y) into the first fitting slot (`destSlot` 0, as the stock client). */
  pickUp(x: number, y: number): boolean {
    return this.send("PickUp", { x, y, destSlot: 0 } satisfies ClientPacketFields<"PickUp">);
  }

  moveItem(fromSlot: number, toSlot: number): boolean {
    return this.send("Moveitem", { fromSlot, toSlot } satisfies ClientPacketFields<"Moveitem">);
  }

  deleteItem(slot: number): boolean {
    return this.send("DeleteItem", { isSkin: false, slot } satisfies ClientPacketFields<"DeleteItem">);
  }

  // ---------------------------------------------------------------- map clicks and shops

  /** A left click on map tile (x, y): the server looks at it and acts (a trader opens its shop). */
  leftClick(x: number, y: number): boolean {
    return this.send("LeftClick", { x, y, counter: ++this.leftClickCounter } satisfies ClientPacketFields<"LeftClick">);
  }

  /** `Work(skill)`: use a skill from the skills window (Robar asks for a target; Ocultarse acts at once). */
  work(skill: number): boolean {
    return this.send("Work", { skill, counter: ++this.workCounter } satisfies ClientPacketFields<"Work">);
  }

  /** The aimed skill at map tile (x, y), the answer to `WorkRequestTarget` (skill 12: a shot). */
  workLeftClick(x: number, y: number, skill: number): boolean {
    return this.send("WorkLeftClick", { x, y, skill, counter: ++this.workLeftClickCounter } satisfies ClientPacketFields<"WorkLeftClick">);
  }

  /** Buys `amount` units of shop slot `slot`. */
  commerceBuy(slot: number, amount: number): boolean {
    return this.send("CommerceBuy", { slot, amount } satisfies ClientPacketFields<"CommerceBuy">);
  }

  /** Sells `amount` units of inventory slot `slot` to the shop. */
  commerceSell(slot: number, amount: number): boolean {
    return this.send("CommerceSell", { slot, amount } satisfies ClientPacketFields<"CommerceSell">);
  }

  /** Closes an NPC shop window (`CommerceEnd`). */
  commerceEnd(): boolean {
    return this.send("CommerceEnd", {} satisfies ClientPacketFields<"CommerceEnd">);
  }

  /**
   * `/COMERCIAR`: with a trader targeted (clicked) the server opens its shop; with a player
   * targeted it asks that player to trade (§9.1).
   */
  commerceStart(): boolean {
    return this.send("CommerceStart", {} satisfies ClientPacketFields<"CommerceStart">);
  }

  // ---------------------------------------------------------------- bank vault
  // Range checks live in the session (bank-rules.ts); these only encode.

  /** `/BOVEDA`: with a banker targeted (clicked) the server opens the vault. */
  bankStart(): boolean {
    return this.send("BankStart", {} satisfies ClientPacketFields<"BankStart">);
  }

  /** Deposits `amount` of inventory slot `slot`; `destSlot` 0 lets the server choose the vault slot. */
  bankDeposit(slot: number, amount: number, destSlot = 0): boolean {
    return this.send("BankDeposit", { slot, amount, destSlot } satisfies ClientPacketFields<"BankDeposit">);
  }

  /** Withdraws `amount` of vault slot `slot`; `destSlot` 0 lets the server choose the inventory slot. */
  bankExtractItem(slot: number, amount: number, destSlot = 0): boolean {
    return this.send("BankExtractItem", { slot, amount, destSlot } satisfies ClientPacketFields<"BankExtractItem">);
  }

  bankDepositGold(amount: number): boolean {
    return this.send("BankDepositGold", { amount } satisfies ClientPacketFields<"BankDepositGold">);
  }

  // ---------------------------------------------------------------- the staff's forms
  setMotd(text: string): boolean {
    return this.send("SetMOTD", { text } satisfies ClientPacketFields<"SetMOTD">);
  }

  sosShowList(): boolean {
    return this.send("SOSShowList", {} satisfies ClientPacketFields<"SOSShowList">);
  }

  /** The SOS panel's "attended": the entry's key (`name Ø text Ø category`). */
  sosRemove(key: string): boolean {
    return this.send("SOSRemove", { userName: key } satisfies ClientPacketFields<"SOSRemove">);
  }

  bankExtractGold(amount: number): boolean {
    return this.send("BankExtractGold", { amount } satisfies ClientPacketFields<"BankExtractGold">);
  }

  /** Closes the bank vault window (`BankEnd`). */
  bankEnd(): boolean {
    return this.send("BankEnd", {} satisfies ClientPacketFields<"BankEnd">);
  }

  // ---------------------------------------------------------------- player trade

  /** Answers the server's yes/no question (`ResponderPregunta`: a trade request). */
  answerQuestion(answer: boolean): boolean {
    return this.send("ResponderPregunta", { answer } satisfies ClientPacketFields<"ResponderPregunta">);
  }

  /** Adds `amount` of inventory slot `slot` (200 = gold) to our offer. */
  userCommerceOffer(slot: number, amount: number): boolean {
    return this.send("UserCommerceOffer", { slot, amount } satisfies ClientPacketFields<"UserCommerceOffer">);
  }

  /** Accepts both offers as they stand. */
  userCommerceOk(): boolean {
    return this.send("UserCommerceOk", {} satisfies ClientPacketFields<"UserCommerceOk">);
  }

  /** Rejects the other's offer: the trade ends for both. */
  userCommerceReject(): boolean {
    return this.send("UserCommerceReject", {} satisfies ClientPacketFields<"UserCommerceReject">);
  }

  /** A line for the trade window's chat (`CommerceSendChatMessage`). */
  commerceSendChatMessage(text: string): boolean {
    return this.send("CommerceSendChatMessage", { text } satisfies ClientPacketFields<"CommerceSendChatMessage">);
  }

  /** What this client put on hotkey bar slot `slotIndex` (`SetHotkeySlot`). */
  setHotkeySlot(fields: ClientPacketFields<"SetHotkeySlot">): boolean {
    return this.send("SetHotkeySlot", fields);
  }

  /** A hotkey bar key (`UseHKeySlot`). */
  useHotkeySlot(slotIndex: number): boolean {
    return this.send("UseHKeySlot", { slotIndex } satisfies ClientPacketFields<"UseHKeySlot">);
  }

  /** The train window's choice (`Train`, 1-based in the trainer's list). */
  train(creature: number): boolean {
    return this.send("Train", { creature } satisfies ClientPacketFields<"Train">);
  }

  /** Ends a player-to-player trade (`UserCommerceEnd`). */
  userCommerceEnd(): boolean {
    return this.send("UserCommerceEnd", {} satisfies ClientPacketFields<"UserCommerceEnd">);
  }

  // ---------------------------------------------------------------- combat and skills
  // Pacing and the dead check live in the session (combat-rules.ts, skills-rules.ts).

  /** Strikes the tile in front of the player (`Attack`, its `TS_Attack` counter filled here). */
  attack(): boolean {
    return this.send("Attack", { counter: ++this.attackCounter } satisfies ClientPacketFields<"Attack">);
  }

  /** Spends free skill points: `deltas[i]` points go to skill i + 1 (24 entries). */
  modifySkills(deltas: readonly number[]): boolean {
    return this.send("ModifySkills", { skillDeltas: [...deltas] } satisfies ClientPacketFields<"ModifySkills">);
  }

  /** Asks for the skills (`SendSkills`), as the stock client does when its skills window opens. */
  requestSkills(): boolean {
    return this.send("RequestSkills", {} satisfies ClientPacketFields<"RequestSkills">);
  }

  /** Asks for the attributes (`Atributes`), as the stock statistics button does first. */
  requestAttributes(): boolean {
    return this.send("RequestAtributes", {} satisfies ClientPacketFields<"RequestAtributes">);
  }

  /** Asks for the statistics counters (`MiniStats`), as the stock statistics button does second. */
  requestMiniStats(): boolean {
    return this.send("RequestMiniStats", {} satisfies ClientPacketFields<"RequestMiniStats">);
  }

  // ---------------------------------------------------------------- spells and meditation
  // Checks live in the session (spell-rules.ts); these only encode, and count.

  /** Chooses the spell of book slot `slot` (`CastSpell`, its `TS_CastSpell` counter filled here). */
  castSpell(slot: number): boolean {
    return this.send("CastSpell", { slot, counter: ++this.castSpellCounter } satisfies ClientPacketFields<"CastSpell">);
  }

  /** Swaps the spell of `slot` with the one above (`upwards`) or below it (`MoveSpell`). */
  moveSpell(slot: number, upwards: boolean): boolean {
    return this.send("MoveSpell", { upwards, slot } satisfies ClientPacketFields<"MoveSpell">);
  }

  /** Starts or stops meditating (`Meditate`, as `/MEDITAR`). */
  meditate(): boolean {
    return this.send("Meditate", {} satisfies ClientPacketFields<"Meditate">);
  }

  /** Starts or stops resting by a campfire (`Rest`, as `/DESCANSAR`). */
  rest(): boolean {
    return this.send("Rest", {} satisfies ClientPacketFields<"Rest">);
  }

  requestPositionUpdate(): boolean {
    return this.send("RequestPositionUpdate", {});
  }

  quit(): boolean {
    return this.send("Quit", {});
  }

  cancelQuit(): boolean {
    return this.send("CancelarExit", {});
  }

  // Each call site checks its fields with `satisfies`; a generic signature over every packet
  // name is too deep for tsc.
  private send(name: ClientPacketName, fields: object): boolean {
    const encoded = clientCodec.encode(name, fields);
    if (!encoded.ok) {
      this.onError(new OutboxError(`${name}: ${encoded.error.message}`, { cause: encoded.error }));
      return false;
    }
    this.transport.send(encoded.body);
    return true;
  }
}

/** True when the packet's layout has a `counter` field (a `TS_*` sequence counter). */
function hasCounter(name: ClientPacketName): boolean {
  return CLIENT_PACKETS[name].layout.some((node) => node.kind === "field" && node.name === "counter");
}
