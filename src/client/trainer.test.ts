/**
 * The trainer's window and the trade window's chat without a browser: real server packets
 * (`TrainerCreatureList`, `CommerceRecieveChatMessage`) change the state, the player's choices go
 * out as exact client packets (`Train`, `CommerceSendChatMessage`), and what makes no sense sends
 * nothing. The pet orders, /CURAR, /RESUCITAR and /ENTRENAR are typed in every form the stock
 * client knows.
 */
import { describe, expect, test } from "bun:test";
import { JOINED_LIST_SEPARATOR } from "../protocol/index.ts";
import { parseChatLine } from "./chat-input.ts";
import { loggedInSession, serverBody } from "./client-fixtures.test-support.ts";
import { resetWorld } from "./game-state.ts";
import { TRADE_CHAT_LINES_MAX } from "./trade-rules.ts";
import { TRAINER_CREATURES_MAX, trainerCreatures } from "./trainer-rules.ts";

const list = (...names: string[]) => serverBody("TrainerCreatureList", { creatureNames: names.join(JOINED_LIST_SEPARATOR) });

describe("the trainer's window", () => {
  test("TrainerCreatureList opens it with the names in order; the choice goes out as Train(n) and the window closes", () => {
    const { session, transport } = loggedInSession();
    session.receive(list("Rata de Práctica", "Lobo de Práctica"), 0);
    expect(session.state.trainer).toEqual({ open: true, creatures: ["Rata de Práctica", "Lobo de Práctica"] });
    expect(session.train(2)).toBe(true);
    expect(transport.take()).toEqual([{ id: 8, name: "Train", fields: { creature: 2 } }]);
    expect(session.state.trainer.open).toBe(false);
  });

  test("no choice, a choice outside the list or no window: nothing sent; closing tells the server nothing", () => {
    const { session, transport } = loggedInSession();
    expect(session.train(1)).toBe(false);
    session.receive(list("Rata de Práctica"), 0);
    for (const bad of [0, 2, -1, 1.5, Number.NaN]) expect(session.train(bad)).toBe(false);
    expect(session.closeTrainer()).toBe(true);
    expect(session.train(1)).toBe(false);
    expect(transport.take()).toEqual([]);
  });

  test("the list as VB6 splits it: empty is no creature; long lists and names are cut", () => {
    expect(trainerCreatures("")).toEqual([]);
    expect(trainerCreatures(["a", "", "c"].join(JOINED_LIST_SEPARATOR))).toEqual(["a", "", "c"]);
    expect(trainerCreatures(new Array(200).fill("x").join(JOINED_LIST_SEPARATOR))).toHaveLength(TRAINER_CREATURES_MAX);
    expect(trainerCreatures("n".repeat(500))[0]).toHaveLength(60);
  });

  test("a new login forgets it (resetWorld)", () => {
    const { session } = loggedInSession();
    session.receive(list("Rata de Práctica"), 0);
    resetWorld(session.state);
    expect(session.state.trainer).toEqual({ open: false, creatures: [] });
  });
});

describe("the trade window's chat", () => {
  function trading() {
    const { session, transport } = loggedInSession();
    session.receive(serverBody("UserCommerceInit", {}), 0);
    transport.take();
    return { session, transport };
  }

  test("Enter sends the line as typed; the server's [name] lines are kept in order while the trade lasts", () => {
    const { session, transport } = trading();
    expect(session.sendTradeChat("¿100 por la espada?")).toBe(true);
    expect(transport.take()).toEqual([{ id: 273, name: "CommerceSendChatMessage", fields: { text: "¿100 por la espada?" } }]);
    session.receive(serverBody("CommerceRecieveChatMessage", { message: "[Ana] ¿100 por la espada?" }), 0);
    session.receive(serverBody("CommerceRecieveChatMessage", { message: "[Beto] hecho" }), 0);
    expect(session.state.trade.chat).toEqual(["[Ana] ¿100 por la espada?", "[Beto] hecho"]);
    session.receive(serverBody("UserCommerceEnd", {}), 0);
    expect(session.state.trade.chat).toEqual([]);
  });

  test("no trade or a blank line: nothing sent; a line with no trade open is dropped; the log keeps the last lines", () => {
    const { session, transport } = loggedInSession();
    expect(session.sendTradeChat("hola")).toBe(false);
    session.receive(serverBody("CommerceRecieveChatMessage", { message: "[X] suelto" }), 0);
    expect(session.state.trade.chat).toEqual([]);
    session.receive(serverBody("UserCommerceInit", {}), 0);
    expect(session.sendTradeChat("")).toBe(false);
    expect(session.sendTradeChat("   ")).toBe(false);
    expect(transport.take()).toEqual([]);
    for (let i = 0; i < TRADE_CHAT_LINES_MAX + 5; i++) session.receive(serverBody("CommerceRecieveChatMessage", { message: `[Ana] ${i}` }), 0);
    expect(session.state.trade.chat).toHaveLength(TRADE_CHAT_LINES_MAX);
    expect(session.state.trade.chat.at(-1)).toBe(`[Ana] ${TRADE_CHAT_LINES_MAX + 4}`);
  });
});

describe("pet orders, healing and training typed in the chat", () => {
  test("every form of the stock client (and the Ñ-less ones)", () => {
    const cases: [string, string][] = [
      ["/QUIETO", "PetStand"],
      ["/still", "PetStand"],
      ["/ACOMPAÑAR", "PetFollow"],
      ["/ACOMPANAR", "PetFollow"],
      ["/ACCOMPANY", "PetFollow"],
      ["/ACOMPAÑARTODOS", "PetFollowAll"],
      ["/ACCOMPANYALL", "PetFollowAll"],
      ["/LIBERAR", "PetLeave"],
      ["/RELEASE", "PetLeave"],
      ["/LIBERARTODOS", "PetLeaveAll"],
      ["/LIBERARTODAS", "PetLeaveAll"],
      ["/LIBERARTALL", "PetLeaveAll"],
      ["/CURAR", "Heal"],
      ["/CURE", "Heal"],
      ["/RESUCITAR", "Resucitate"],
      ["/RESURRECT", "Resucitate"],
      ["/ENTRENAR", "TrainList"],
      ["/TRAIN", "TrainList"],
    ];
    for (const [line, packet] of cases) expect({ line, intent: parseChatLine(line) }).toMatchObject({ line, intent: { kind: "command", packet } });
  });
});
