/**
 * Faction status and the safe without a browser: names are coloured by the status of
 * `CharacterCreate` and follow `UpdateTagAndStatus` (a citizen turning criminal goes from blue to
 * red, and the tag is the name drawn); `SafeModeOn`/`SafeModeOff` drive the "Seguro" indicator,
 * and a change the player asked for with `/SEG` is said in the console.
 */
import { describe, expect, test } from "bun:test";
import { CharacterKind } from "../protocol/index.ts";
import { charFields, loggedInSession, OWN_CHAR, serverBody, START } from "./client-fixtures.test-support.ts";
import { NAME_TAG_MAX_CHARS } from "./constants.ts";
import { resetWorld } from "./game-state.ts";
import { FactionStatus, isCriminal, nameColour, NPC_NAME_COLOUR, STAFF_NAME_COLOUR, STATUS_NAME_COLOURS } from "./status-rules.ts";
import { localeMessageText, SAFE_TEXT } from "./ui-text.ts";

const RIVAL = 21;
const PLAYER_PRIVILEGES = 1;

function withRival() {
  const { session, transport } = loggedInSession();
  session.receive(serverBody("SafeModeOn", {}), 0);
  session.receive(serverBody("CharacterCreate", charFields({ charIndex: RIVAL, x: START.x + 1, y: START.y, name: "Rival", status: FactionStatus.citizen })), 0);
  transport.take();
  return { session, transport, state: session.state };
}

describe("name colours by status", () => {
  test("citizens blue, criminals red, the two factions their own; NPCs and staff apart from status", () => {
    expect(nameColour(CharacterKind.Player, FactionStatus.citizen, PLAYER_PRIVILEGES)).toBe(STATUS_NAME_COLOURS[FactionStatus.citizen]!);
    expect(nameColour(CharacterKind.Player, FactionStatus.criminal, PLAYER_PRIVILEGES)).toBe(STATUS_NAME_COLOURS[FactionStatus.criminal]!);
    expect(STATUS_NAME_COLOURS[FactionStatus.citizen]).toBe("#7fb7ff");
    expect(STATUS_NAME_COLOURS[FactionStatus.criminal]).toBe("#ff6b5e");
    expect(nameColour(CharacterKind.Player, FactionStatus.chaos, PLAYER_PRIVILEGES)).toBe(nameColour(CharacterKind.Player, FactionStatus.chaosCouncil, PLAYER_PRIVILEGES));
    expect(nameColour(CharacterKind.Player, FactionStatus.royalArmy, PLAYER_PRIVILEGES)).toBe(nameColour(CharacterKind.Player, FactionStatus.royalCouncil, PLAYER_PRIVILEGES));
    const colours = new Set([FactionStatus.criminal, FactionStatus.citizen, FactionStatus.chaos, FactionStatus.royalArmy].map((s) => nameColour(CharacterKind.Player, s, PLAYER_PRIVILEGES)));
    expect(colours.size).toBe(4);
    expect(nameColour(CharacterKind.Npc, FactionStatus.criminal, 0)).toBe(NPC_NAME_COLOUR);
    expect(nameColour(CharacterKind.Pet, FactionStatus.citizen, 0)).toBe(NPC_NAME_COLOUR);
    expect(nameColour(CharacterKind.Player, FactionStatus.criminal, 2)).toBe(STAFF_NAME_COLOUR);
    // A status this client does not know reads as a citizen's.
    expect(nameColour(CharacterKind.Player, 77, PLAYER_PRIVILEGES)).toBe(STATUS_NAME_COLOURS[FactionStatus.citizen]!);
    expect(isCriminal(FactionStatus.criminal)).toBe(true);
    expect(isCriminal(FactionStatus.citizen)).toBe(false);
  });
});

describe("UpdateTagAndStatus", () => {
  test("a citizen who attacked a citizen turns criminal: status and tag change, the name goes red", () => {
    const { session, state } = withRival();
    const rival = state.chars.get(RIVAL)!;
    expect(nameColour(rival.kind, rival.status, rival.privileges)).toBe(STATUS_NAME_COLOURS[FactionStatus.citizen]!);
    session.receive(serverBody("UpdateTagAndStatus", { charIndex: RIVAL, status: FactionStatus.criminal, tag: "Rival", arrayIndex: 0 }), 0);
    expect(rival).toMatchObject({ status: FactionStatus.criminal, name: "Rival" });
    expect(nameColour(rival.kind, rival.status, rival.privileges)).toBe(STATUS_NAME_COLOURS[FactionStatus.criminal]!);
    // Our own char gets it too (the server sends it to the criminal as well).
    session.receive(serverBody("UpdateTagAndStatus", { charIndex: OWN_CHAR, status: FactionStatus.criminal, tag: "Tester <Los Rojos>", arrayIndex: 0 }), 0);
    expect(state.chars.get(OWN_CHAR)).toMatchObject({ status: FactionStatus.criminal, name: "Tester <Los Rojos>" });
  });

  test("an empty tag keeps the name, a long one is cut; an unknown char is ignored", () => {
    const { session, state } = withRival();
    session.receive(serverBody("UpdateTagAndStatus", { charIndex: RIVAL, status: FactionStatus.criminal, tag: "  ", arrayIndex: 0 }), 0);
    expect(state.chars.get(RIVAL)).toMatchObject({ status: FactionStatus.criminal, name: "Rival" });
    session.receive(serverBody("UpdateTagAndStatus", { charIndex: RIVAL, status: FactionStatus.citizen, tag: "R".repeat(200), arrayIndex: 0 }), 0);
    expect(state.chars.get(RIVAL)!.name).toHaveLength(NAME_TAG_MAX_CHARS);
    const before = [...state.chars.keys()];
    session.receive(serverBody("UpdateTagAndStatus", { charIndex: 999, status: FactionStatus.criminal, tag: "Nadie", arrayIndex: 0 }), 0);
    expect([...state.chars.keys()]).toEqual(before);
  });

  test("a criminal seen again (CharacterCreate) keeps the server's status", () => {
    const { session, state } = withRival();
    session.receive(serverBody("CharacterCreate", charFields({ charIndex: RIVAL, x: START.x + 2, y: START.y, name: "Rival", status: FactionStatus.criminal })), 0);
    expect(state.chars.get(RIVAL)!.status).toBe(FactionStatus.criminal);
  });
});

describe("the safe (SafeModeOn / SafeModeOff)", () => {
  test("the login burst's SafeModeOn shows without a console line; /SEG's answer is said", () => {
    const { session, transport } = loggedInSession();
    const state = session.state;
    expect(state.safeMode).toBeNull();
    const lines = state.console.length;
    session.receive(serverBody("SafeModeOn", {}), 0);
    expect(state.safeMode).toBe(true);
    expect(state.console).toHaveLength(lines);
    expect(SAFE_TEXT.label(true)).toBe("Seguro: sí");
    session.chat("/SEG", 10);
    expect(transport.take().map((p) => p.name)).toEqual(["SafeToggle"]);
    session.receive(serverBody("SafeModeOff", {}), 20);
    expect(state.safeMode).toBe(false);
    expect(state.console.at(-1)?.text).toBe(SAFE_TEXT.turnedOff);
    expect(SAFE_TEXT.label(false)).toBe("Seguro: no");
    session.receive(serverBody("SafeModeOff", {}), 30);
    expect(state.console.at(-1)?.text).toBe(SAFE_TEXT.turnedOff);
    expect(state.console.filter((l) => l.text === SAFE_TEXT.turnedOff)).toHaveLength(1);
    session.receive(serverBody("SafeModeOn", {}), 40);
    expect(state.console.at(-1)?.text).toBe(SAFE_TEXT.turnedOn);
  });

  test("a new login forgets it until the server says again", () => {
    const { state } = withRival();
    expect(state.safeMode).toBe(true);
    resetWorld(state);
    expect(state.safeMode).toBeNull();
  });

  test("the server's refusals about the safe are worded", () => {
    expect(localeMessageText(1057, "")).toContain("/SEG");
    expect(localeMessageText(696, "")).toBe("Solo los ciudadanos pueden cambiar el seguro.");
  });
});

describe("staff (Privilegios)", () => {
  test("the login burst's Privilegios marks the player as staff; /GMSG goes to the server as GMMessage; a new login forgets it", () => {
    const { session, transport } = loggedInSession();
    const state = session.state;
    expect(state.isStaff).toBe(false);
    session.receive(serverBody("Privilegios", { isStaff: true }), 0);
    expect(state.isStaff).toBe(true);
    session.chat("/GMSG hola equipo", 10);
    expect(transport.take().map((p) => [p.name, (p.fields as { text?: string }).text])).toEqual([["GMMessage", "hola equipo"]]);
    resetWorld(state);
    expect(state.isStaff).toBe(false);
  });
});
