/**
 * Progress bars over chars without a browser, as `/HOGAR` sends them: `BarFx(char, seconds, 6)`
 * starts a countdown bar that fills over its seconds and is gone when full, on `BarFx(char, 0,
 * 99)`, when the char is removed, when the map changes, and when the char is re-created
 * somewhere else; re-sent where it stands, it keeps its bar.
 */
import { describe, expect, test } from "bun:test";
import { DEFAULT_WORLD_MAP_IDS } from "../content/default-world/index.ts";
import { GHOST_BODY } from "../game/vitals/index.ts";
import { charFields, loggedInSession, OWN_CHAR, serverBody, START } from "./client-fixtures.test-support.ts";
import { ACTION_BAR_MAX_SECONDS } from "./constants.ts";
import { actionBarAt, BAR_ACTION_CANCEL, BAR_ACTION_HOME, liveActionBars } from "./action-bars.ts";
import { ACTION_BAR_TEXT } from "./ui-text.ts";

const GHOST = 33;
const GHOST_TILE = { x: START.x + 2, y: START.y } as const;

function withGhost() {
  const { session } = loggedInSession();
  session.receive(serverBody("CharacterCreate", charFields({ charIndex: GHOST, ...GHOST_TILE, name: "Fantasma", body: GHOST_BODY })), 0);
  return { session, state: session.state };
}

const barFx = (charIndex: number, barTime: number, barAction: number) => serverBody("BarFx", { charIndex, barTime, barAction });

describe("BarFx", () => {
  test("a trip home counts down its seconds over the char, filling, then is gone", () => {
    const { session, state } = withGhost();
    session.receive(barFx(OWN_CHAR, 10, BAR_ACTION_HOME), 1_000);
    expect(liveActionBars(state, 1_000)).toEqual([{ charIndex: OWN_CHAR, action: BAR_ACTION_HOME, progress: 0, secondsLeft: 10 }]);
    expect(liveActionBars(state, 4_000)).toEqual([{ charIndex: OWN_CHAR, action: BAR_ACTION_HOME, progress: 0.3, secondsLeft: 7 }]);
    // A countdown reads whole seconds, rounded up.
    expect(liveActionBars(state, 4_001)[0]!.secondsLeft).toBe(7);
    expect(liveActionBars(state, 10_999)[0]!.secondsLeft).toBe(1);
    expect(liveActionBars(state, 11_000)).toEqual([]);
    expect(ACTION_BAR_TEXT.action(BAR_ACTION_HOME)).toBe("Volviendo al hogar");
    expect(ACTION_BAR_TEXT.left(7)).toBe("7 s");
  });

  test("bars of other chars too, each its own; the cancel (0, 99) takes one away", () => {
    const { session, state } = withGhost();
    session.receive(barFx(GHOST, 5, BAR_ACTION_HOME), 0);
    session.receive(barFx(OWN_CHAR, 20, BAR_ACTION_HOME), 0);
    expect(liveActionBars(state, 1_000).map((b) => b.charIndex)).toEqual([OWN_CHAR, GHOST]);
    session.receive(barFx(GHOST, 0, BAR_ACTION_CANCEL), 2_000);
    expect(liveActionBars(state, 2_000).map((b) => b.charIndex)).toEqual([OWN_CHAR]);
    // A cancel's action alone is enough, and so is a wait of no time.
    session.receive(barFx(OWN_CHAR, 15, BAR_ACTION_CANCEL), 2_000);
    expect(liveActionBars(state, 2_000)).toEqual([]);
    session.receive(barFx(GHOST, 5, BAR_ACTION_HOME), 3_000);
    session.receive(barFx(GHOST, 0, BAR_ACTION_HOME), 3_000);
    expect(liveActionBars(state, 3_000)).toEqual([]);
  });

  test("unknown chars are ignored; a huge wait is cut to ACTION_BAR_MAX_SECONDS", () => {
    const { session, state } = withGhost();
    session.receive(barFx(999, 10, BAR_ACTION_HOME), 0);
    expect(liveActionBars(state, 0)).toEqual([]);
    session.receive(barFx(GHOST, 32_000, BAR_ACTION_HOME), 0);
    expect(liveActionBars(state, 0)[0]!.secondsLeft).toBe(ACTION_BAR_MAX_SECONDS);
  });

  test("the bar goes with its char: removed, the map changed, or re-created somewhere else", () => {
    const { session, state } = withGhost();
    session.receive(barFx(GHOST, 10, BAR_ACTION_HOME), 0);
    session.receive(serverBody("CharacterRemove", { charIndex: GHOST, fadeOut: false, wasWarp: false }), 100);
    expect(liveActionBars(state, 100)).toEqual([]);

    session.receive(serverBody("CharacterCreate", charFields({ charIndex: GHOST, ...GHOST_TILE, name: "Fantasma", body: GHOST_BODY })), 200);
    session.receive(barFx(GHOST, 10, BAR_ACTION_HOME), 200);
    // Re-sent where it stands: the same bar, still counting from its start.
    session.receive(serverBody("CharacterCreate", charFields({ charIndex: GHOST, ...GHOST_TILE, name: "Fantasma", body: GHOST_BODY })), 1_200);
    expect(actionBarAt(state.chars.get(GHOST)!, 1_200)).toMatchObject({ secondsLeft: 9 });
    // Warped elsewhere (the trip ended there): no bar.
    session.receive(serverBody("CharacterCreate", charFields({ charIndex: GHOST, x: 20, y: 20, name: "Fantasma", body: GHOST_BODY })), 1_300);
    expect(actionBarAt(state.chars.get(GHOST)!, 1_300)).toBeNull();

    session.receive(barFx(OWN_CHAR, 10, BAR_ACTION_HOME), 2_000);
    session.receive(serverBody("ChangeMap", { map: DEFAULT_WORLD_MAP_IDS.field, resourceMap: DEFAULT_WORLD_MAP_IDS.field }), 2_100);
    session.receive(serverBody("CharacterCreate", charFields({ charIndex: OWN_CHAR, ...START, name: "Tester" })), 2_100);
    expect(liveActionBars(state, 2_100)).toEqual([]);
  });
});
