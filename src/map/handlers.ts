/**
 * THE table from client packet to handler, for everything a player does in the world. The
 * gateway keeps what belongs to the connection (framing, flood limits, `TS_*` counters, login)
 * and forwards every in-world packet body to the map that owns the player; the map decodes it
 * and calls the handler listed here under the packet's name, with the fields typed from the
 * protocol table. A packet that is not listed is ignored, as the VB6 server ignores what it has
 * no handler for in a given state.
 *
 * Adding a packet: write `handler(ctx, player, fields)` in its system (`systems/*.ts`) and add
 * one line here. See docs/architecture.md, "Adding a packet".
 */
import type { ClientPacketFields, ClientPacketName } from "../protocol/index.ts";
import type { BusMessage, BusMessageKind } from "./cross-map-bus.ts";
import type { PlayerEntity } from "./entity-store.ts";
import type { MapContext } from "./map-context.ts";
import * as bank from "./systems/bank.ts";
import * as chat from "./systems/chat.ts";
import * as combat from "./systems/combat.ts";
import * as home from "./systems/home.ts";
import * as faction from "./systems/faction.ts";
import * as info from "./systems/info.ts";
import * as items from "./systems/items.ts";
import * as logout from "./systems/logout.ts";
import * as look from "./systems/look.ts";
import * as movement from "./systems/movement.ts";
import * as ranged from "./systems/ranged.ts";
import * as shops from "./systems/shops.ts";
import * as skills from "./systems/skills.ts";
import * as spells from "./systems/spells.ts";
import * as status from "./systems/status.ts";
import * as trade from "./systems/trade.ts";

export type PacketHandler<N extends ClientPacketName> = (ctx: MapContext, player: PlayerEntity, fields: ClientPacketFields<N>) => void;

export type PacketHandlerTable = { readonly [N in ClientPacketName]?: PacketHandler<N> };

export const PACKET_HANDLERS: PacketHandlerTable = {
  // movement
  Walk: movement.walk,
  ChangeHeading: movement.changeHeading,
  RequestPositionUpdate: movement.requestPosition,
  // chat
  Talk: chat.talk,
  Yell: chat.yell,
  Whisper: chat.whisper,
  GlobalMessage: chat.globalMessage,
  // combat: blows, shots and throws (the click after a bow's `WorkRequestTarget`), the safe toggle
  Attack: combat.attack,
  WorkLeftClick: ranged.workLeftClick,
  // a skill's target cursor (Robar, Magia, Domar: the click comes back as `WorkLeftClick`)
  Work: ranged.work,
  SafeToggle: faction.safeToggle,
  // spells: choosing one (the click that casts it is `WorkLeftClick` with skill Magia), the book, the resurrection safe
  CastSpell: spells.castSpell,
  MoveSpell: spells.moveSpellHandler,
  SeguroResu: spells.resurrectionSafeToggle,
  // logout
  Quit: logout.quit,
  CancelarExit: logout.cancelQuit,
  // items
  Moveitem: items.moveItemHandler,
  DeleteItem: items.deleteItemHandler,
  EquipItem: items.equipItemHandler,
  UseItem: items.useItemHandler,
  UseItemU: items.useItemKeyHandler,
  Drop: items.dropHandler,
  PickUp: items.pickUpHandler,
  // looking and clicking on the map
  LeftClick: look.leftClick,
  DoubleClick: look.doubleClick,
  // NPC shops
  CommerceStart: shops.commerceStart,
  CommerceBuy: shops.commerceBuy,
  CommerceSell: shops.commerceSell,
  CommerceEnd: shops.commerceEnd,
  // player-to-player trade ("comercio seguro"; opened by CommerceStart with a player targeted)
  UserCommerceOffer: trade.userCommerceOffer,
  UserCommerceOk: trade.userCommerceOk,
  UserCommerceReject: trade.userCommerceReject,
  UserCommerceEnd: trade.userCommerceEnd,
  ResponderPregunta: trade.answerQuestion,
  // the bank vault
  BankStart: bank.bankStart,
  BankDeposit: bank.bankDeposit,
  BankExtractItem: bank.bankExtractItem,
  BankDepositGold: bank.bankDepositGold,
  BankExtractGold: bank.bankExtractGold,
  BovedaMoveItem: bank.bovedaMoveItem,
  BankEnd: bank.bankEnd,
  TransFerGold: bank.transferGold,
  // a ghost's way home (/HOGAR)
  Home: home.home,
  // skills: spending free points
  ModifySkills: skills.modifySkills,
  // information commands
  Online: info.online,
  RequestMOTD: info.motd,
  UpTime: info.upTime,
  // meditation (/MEDITAR)
  Meditate: status.meditate,
  // commands of systems still to come: answered, never silently ignored
  Rest: info.notAvailableYet,
  Resucitate: info.notAvailableYet,
  Heal: info.notAvailableYet,
  Help: info.notAvailableYet,
  RequestStats: info.notAvailableYet,
  Information: info.notAvailableYet,
  Reward: info.notAvailableYet,
  TrainList: info.notAvailableYet,
  PetStand: info.notAvailableYet,
  PetFollow: info.notAvailableYet,
  PetLeave: info.notAvailableYet,
  RequestAccountState: info.notAvailableYet,
  GuildLeave: info.notAvailableYet,
  GuildOnline: info.notAvailableYet,
  GuildMessage: info.notAvailableYet,
  GrupoMsg: info.notAvailableYet,
  CouncilMessage: info.notAvailableYet,
  FactionMessage: info.notAvailableYet,
  RoleMasterRequest: info.notAvailableYet,
  ChangeDescription: info.notAvailableYet,
  GuildVote: info.notAvailableYet,
  Punishments: info.notAvailableYet,
  Gamble: info.notAvailableYet,
  MapPriceEntrance: info.notAvailableYet,
  LeaveFaction: info.notAvailableYet,
  Denounce: info.notAvailableYet,
  PetFollowAll: info.notAvailableYet,
  PetLeaveAll: info.notAvailableYet,
  Promedio: info.notAvailableYet,
  SubastaInfo: info.notAvailableYet,
  EventoInfo: info.notAvailableYet,
  CancelDuel: info.notAvailableYet,
  QuitDuel: info.notAvailableYet,
  AcceptDuel: info.notAvailableYet,
  Participar: info.notAvailableYet,
  Casarse: info.notAvailableYet,
  ModifyCastleWhiteList: info.notAvailableYet,
  DonateGold: info.notAvailableYet,
  OfertaInicial: info.notAvailableYet,
  OfertaDeSubasta: info.notAvailableYet,
};

export type BusHandler<K extends BusMessageKind> = (ctx: MapContext, message: Extract<BusMessage, { kind: K }>) => void;

/** What each map does with a bus message (every map of the world receives every message). */
export const BUS_HANDLERS: { readonly [K in BusMessageKind]: BusHandler<K> } = {
  console_all: chat.deliverConsoleToAll,
};
