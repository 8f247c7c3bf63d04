import { describe, expect, test } from "bun:test";
import { MAP_ID, NO_ENTRY_MOVING_NORTH, NO_ENTRY_MOVING_SOUTH, NO_ENTRY_MOVING_WEST, UNHURT_AND_CLOTHED, WALL, record, summary, world } from "./map-harness.test-support.ts";

describe("entering", () => {
  test("login burst: ChangeMap before any create, own create before UserCharIndexInServer, Logged then SafeModeOn last", () => {
    const w = world();
    w.server.enter({ session: 1, record: record("Ana", 10, 10), kind: "login", userSlot: 17 });
    const burst = w.drain();
    expect(new Set(burst.map((p) => p.session))).toEqual(new Set([1]));
    const names = burst.map((p) => p.name);
    const changeMap = names.indexOf("ChangeMap");
    const firstCreate = names.indexOf("CharacterCreate");
    const userChar = names.indexOf("UserCharIndexInServer");
    expect(changeMap).toBeGreaterThan(names.indexOf("Intervals"));
    expect(firstCreate).toBeGreaterThan(changeMap);
    expect(userChar).toBeGreaterThan(firstCreate);
    expect(names.slice(-2)).toEqual(["Logged", "SafeModeOn"]);
    expect(names.filter((n) => n === "ChangeInventorySlot")).toHaveLength(24);
    expect(names.filter((n) => n === "ChangeSpellSlot")).toHaveLength(40);
    // The area entry, exactly: map, window, own char, own index.
    expect(burst.slice(changeMap, userChar + 1).map(summary)).toEqual([
      "ChangeMap 1",
      "AreaChanged (10,10)",
      "CharacterCreate 1 Ana (10,10) h3",
      "UserCharIndexInServer 1",
    ]);
    expect(burst.find((p) => p.name === "UserIndexInServer")!.fields.userIndex).toBe(17);
    expect(burst.find((p) => p.name === "UserOnline")!.fields.usersOnline).toBe(3);
    expect(burst.filter((p) => p.name === "ConsoleMsg").map((p) => p.fields.text)).toEqual(["Bienvenido a la prueba"]);
    expect(burst.find((p) => p.name === "Logged")!.fields.newUser).toBe(false);
    // The player's own char as the client draws it.
    expect(burst[firstCreate]!.fields).toMatchObject({ charIndex: 1, body: 21, head: 4, heading: 3, x: 10, y: 10, name: "Ana", status: 1, privileges: 1, isNpc: 0, minHp: 30, maxHp: 32, minMana: 5, maxMana: 6, npcNumber: 0 });
    expect(w.events).toEqual([{ t: "entered", session: 1, map: MAP_ID, x: 10, y: 10 }]);
    expect(w.occupant(10, 10)).toBe(1);
    expect(w.server.playerCount).toBe(1);
  });

  test("a second player gets the first one's CharacterCreate and vice versa; one out of view gets neither", () => {
    const w = world();
    w.enter(1, "Ana", 10, 10);
    w.drain();
    w.enter(2, "Beto", 12, 12);
    const afterBeto = w.drain();
    // Ana only hears about Beto.
    expect(afterBeto.filter((p) => p.session === 1).map(summary)).toEqual(["CharacterCreate 2 Beto (12,12) h3"]);
    // Beto's burst: own char first, then Ana, then his own index.
    const beto = afterBeto.filter((p) => p.session === 2).map(summary);
    expect(beto.slice(beto.indexOf("AreaChanged (12,12)"), beto.indexOf("UserCharIndexInServer 2") + 1)).toEqual([
      "AreaChanged (12,12)",
      "CharacterCreate 2 Beto (12,12) h3",
      "CharacterCreate 1 Ana (10,10) h3",
      "UserCharIndexInServer 2",
    ]);
    // Carla stands in block (3, 3): two or more blocks from both of them.
    w.enter(3, "Carla", 36, 36);
    const afterCarla = w.drain();
    expect(afterCarla.filter((p) => p.session !== 3)).toEqual([]);
    expect(afterCarla.filter((p) => p.name === "CharacterCreate").map(summary)).toEqual(["CharacterCreate 3 Carla (36,36) h3"]);
  });

  test("a transfer entry sends ChangeMap and the area entry, no login burst", () => {
    const w = world();
    w.enter(1, "Ana", 10, 10);
    w.drain();
    w.enter(2, "Beto", 11, 11, { kind: "transfer", cameFrom: { map: 5, x: 1, y: 1 } });
    const inboxes = w.inboxes();
    expect(inboxes.get(2)).toEqual(["ChangeMap 1", "AreaChanged (11,11)", "CharacterCreate 2 Beto (11,11) h3", "CharacterCreate 1 Ana (10,10) h3", "UserCharIndexInServer 2"]);
    expect(inboxes.get(1)).toEqual(["CharacterCreate 2 Beto (11,11) h3"]);
  });

  test("a taken spawn tile moves the newcomer to the nearest free one; entering twice fails", () => {
    const w = world();
    w.enter(1, "Ana", 10, 10);
    // The square ring around (10, 10) is searched row by row from its top-left corner.
    w.enter(2, "Beto", 10, 10);
    expect(w.server.positionOf(2)).toMatchObject({ x: 9, y: 9 });
    expect(w.events.at(-1)).toEqual({ t: "entered", session: 2, map: MAP_ID, x: 9, y: 9 });
    w.server.enter({ session: 2, record: record("Beto", 20, 20), kind: "login", userSlot: 2 });
    expect(w.events.at(-1)).toEqual({ t: "enter_failed", session: 2, map: MAP_ID, reason: "already_here" });
    expect(w.server.positionOf(2)).toMatchObject({ x: 9, y: 9 });
  });

  test("a recovery of a player still here (a cluster resync) resends the map-enter packets and keeps the player as it is", () => {
    const w = world();
    w.enter(1, "Ana", 10, 10);
    w.enter(2, "Beto", 11, 10);
    w.drain();
    // The gateway's known state is older (another tile): the map's own state wins.
    w.server.enter({ session: 1, record: record("Ana", 30, 30), kind: "recover", userSlot: 1 });
    expect(w.events.at(-1)).toEqual({ t: "entered", session: 1, map: MAP_ID, x: 10, y: 10 });
    expect(w.server.positionOf(1)).toMatchObject({ x: 10, y: 10 });
    expect(w.server.playerCount).toBe(2);
    const inboxes = w.inboxes();
    const ana = inboxes.get(1) ?? [];
    expect(ana[0]).toStartWith("ChangeMap");
    expect(ana.some((line) => line.startsWith("AreaChanged"))).toBe(true);
    expect(ana.at(-1)).toStartWith("UserCharIndexInServer");
    // The other player redraws Ana where she stands.
    expect((inboxes.get(2) ?? []).some((line) => line.startsWith("CharacterCreate"))).toBe(true);
  });

  test("no free tile within reach: enter_failed, nothing sent", () => {
    const walls: [number, number, number][] = [];
    for (let y = 1; y <= 5; y++) for (let x = 1; x <= 5; x++) walls.push([x, y, WALL]);
    const w = world({ width: 5, height: 5, walls });
    w.server.enter({ session: 1, record: record("Ana", 3, 3), kind: "login", userSlot: 1 });
    expect(w.events).toEqual([{ t: "enter_failed", session: 1, map: MAP_ID, reason: "no_free_tile" }]);
    expect(w.drain()).toEqual([]);
    expect(w.server.hasSession(1)).toBe(false);
  });

  test("the map keeps its own copy of the record", () => {
    const w = world();
    const mine = record("Ana", 10, 10);
    w.server.enter({ session: 1, record: mine, kind: "login", userSlot: 1 });
    mine.position.x = 33;
    mine.name = "Otra";
    expect(w.server.snapshot()[0]!.state.position.x).toBe(10);
    expect(w.server.snapshot()[0]!.state.name).toBe("Ana");
  });

  test("NPCs and ground objects in the window are created at login, those outside are not", () => {
    const w = world({
      npcs: [
        { x: 12, y: 12, npc: 500, name: "Guardia", body: 10, head: 2, heading: 4 },
        { x: 38, y: 38, npc: 501, name: "Lejano", body: 11, head: 0, heading: 9 },
      ],
      objects: [
        { x: 11, y: 9, obj: 7, amount: 3 },
        { x: 39, y: 39, obj: 8, amount: 1 },
      ],
    });
    // NPCs take char indexes first, in definition order, and hold their tiles.
    expect(w.occupant(12, 12)).toBe(1);
    expect(w.occupant(38, 38)).toBe(2);
    w.server.enter({ session: 1, record: record("Ana", 10, 10), kind: "login", userSlot: 1 });
    const burst = w.drain();
    const names = burst.map(summary);
    const from = names.indexOf("AreaChanged (10,10)");
    expect(names.slice(from, names.indexOf("UserCharIndexInServer 3") + 1)).toEqual([
      "AreaChanged (10,10)",
      "CharacterCreate 3 Ana (10,10) h3",
      "CharacterCreate 1 Guardia (12,12) h4",
      "ObjectCreate 7x3 (11,9)",
      "UserCharIndexInServer 3",
    ]);
    expect(burst.find((p) => p.name === "CharacterCreate" && p.fields.charIndex === 1)!.fields).toMatchObject({ isNpc: 1, npcNumber: 500, body: 10, head: 2 });
    expect(w.server.stats.npcs).toBe(2);
  });
});

describe("walking", () => {
  test("a legal walk: CharacterMove to viewers, nothing to the walker, occupancy follows", () => {
    const w = world();
    w.enter(1, "Ana", 10, 10);
    w.enter(2, "Beto", 12, 12);
    w.drain();
    w.server.walk(1, 3);
    let inboxes = w.inboxes();
    expect(inboxes.get(2)).toEqual(["CharacterMove 1 (10,11)"]);
    expect(inboxes.has(1)).toBe(false);
    expect(w.occupant(10, 10)).toBe(0);
    expect(w.occupant(10, 11)).toBe(1);
    // Turning while walking needs no CharacterChange: the move carries the new direction.
    w.server.walk(1, 2);
    inboxes = w.inboxes();
    expect(inboxes.get(2)).toEqual(["CharacterMove 1 (11,11)"]);
    expect(inboxes.has(1)).toBe(false);
    expect(w.server.positionOf(1)).toEqual({ x: 11, y: 11, heading: 2, charIndex: 1 });
    expect(w.server.snapshot().find((s) => s.session === 1)!.state.position).toEqual({ map: MAP_ID, x: 11, y: 11, heading: 2 });
    expect(w.server.stats).toMatchObject({ movesAccepted: 2, movesRefused: 0 });
  });

  test("a wall bit only stops the heading it names, on the destination tile", () => {
    // Everything below happens inside block (0, 0), so no AreaChanged gets in the way.
    const w = world({ walls: [[5, 6, NO_ENTRY_MOVING_SOUTH], [5, 7, NO_ENTRY_MOVING_NORTH]] });
    w.enter(1, "Ana", 5, 5);
    w.enter(2, "Beto", 8, 8);
    w.drain();
    w.server.walk(1, 3); // into (5, 6) moving south: refused
    let inboxes = w.inboxes();
    expect(inboxes.get(1)).toEqual(["PosUpdate (5,5)"]);
    expect(inboxes.has(2)).toBe(false);
    expect(w.occupant(5, 5)).toBe(1);
    expect(w.occupant(5, 6)).toBe(0);
    w.server.walk(1, 2); // to (6, 5)
    w.advance(300);
    w.server.walk(1, 3); // to (6, 6)
    w.advance(300);
    w.server.walk(1, 4); // to (5, 6) moving west: its bit is for south only
    w.advance(300);
    w.server.walk(1, 3); // to (5, 7) moving south: its bit is for north only
    inboxes = w.inboxes();
    expect(inboxes.get(2)).toEqual(["CharacterMove 1 (6,5)", "CharacterMove 1 (6,6)", "CharacterMove 1 (5,6)", "CharacterMove 1 (5,7)"]);
    expect(inboxes.has(1)).toBe(false);
    w.advance(300);
    w.server.walk(1, 1); // back north into (5, 6): allowed, its bit is for south
    expect(w.server.positionOf(1)).toMatchObject({ x: 5, y: 6 });
    w.advance(300);
    w.server.walk(1, 3); // south into (5, 7) again
    w.advance(300);
    w.server.walk(1, 3); // (5, 8)
    w.advance(300);
    w.drain();
    w.server.walk(1, 1); // north INTO (5, 7): refused (the turn itself is still shown)
    expect(w.inboxes().get(1)).toEqual(["CharacterChange 1 h1", "PosUpdate (5,8)"]);
  });

  test("walking into an occupied tile (player or NPC) is refused with PosUpdate to the walker only", () => {
    const w = world({ npcs: [{ x: 9, y: 10, npc: 1, name: "Guardia", body: 1, head: 1, heading: 3 }] });
    const ana = w.enter(1, "Ana", 10, 10);
    w.enter(2, "Beto", 10, 11);
    w.drain();
    w.server.walk(1, 3); // Beto stands there
    let inboxes = w.inboxes();
    expect(inboxes.get(1)).toEqual(["PosUpdate (10,10)"]);
    expect(inboxes.has(2)).toBe(false);
    // A refused step in a new direction still turns the char, for everyone in view.
    w.server.walk(1, 4); // the NPC stands there
    inboxes = w.inboxes();
    expect(inboxes.get(1)).toEqual([`CharacterChange ${ana} h4`, "PosUpdate (10,10)"]);
    expect(inboxes.get(2)).toEqual([`CharacterChange ${ana} h4`]);
    expect(w.server.stats).toMatchObject({ movesAccepted: 0, movesRefused: 2 });
    expect(w.occupant(10, 10)).toBe(ana);
  });

  test("walking off the map is refused on every edge", () => {
    const w = world();
    w.enter(1, "Norte", 5, 1, { heading: 1 });
    w.enter(2, "Este", 40, 20, { heading: 2 });
    w.enter(3, "Sur", 20, 40, { heading: 3 });
    w.enter(4, "Oeste", 1, 5, { heading: 4 });
    w.drain();
    w.server.walk(1, 1);
    w.server.walk(2, 2);
    w.server.walk(3, 3);
    w.server.walk(4, 4);
    const inboxes = w.inboxes();
    expect([...inboxes.entries()]).toEqual([
      [1, ["PosUpdate (5,1)"]],
      [2, ["PosUpdate (40,20)"]],
      [3, ["PosUpdate (20,40)"]],
      [4, ["PosUpdate (1,5)"]],
    ]);
  });

  test("walking too fast: four steps at one instant pass, the fifth is refused and snapped back", () => {
    // Block (1, 1) spans 12..23 on both axes: the whole run stays inside it.
    const w = world();
    w.enter(1, "Ana", 14, 13);
    w.enter(2, "Beto", 16, 16);
    w.drain();
    for (let i = 0; i < 5; i++) w.server.walk(1, 3);
    let inboxes = w.inboxes();
    expect(inboxes.get(2)).toEqual(["CharacterMove 1 (14,14)", "CharacterMove 1 (14,15)", "CharacterMove 1 (14,16)", "CharacterMove 1 (14,17)"]);
    expect(inboxes.get(1)).toEqual(["PosUpdate (14,17)"]);
    // One emission interval (178.5 ms) later one more step is allowed.
    w.advance(179);
    w.server.walk(1, 3);
    inboxes = w.inboxes();
    expect(inboxes.get(2)).toEqual(["CharacterMove 1 (14,18)"]);
    expect(inboxes.has(1)).toBe(false);
  });

  test("a blocked step does not spend walk credit", () => {
    const w = world({ walls: [[10, 9, WALL]] });
    w.enter(1, "Ana", 10, 10, { heading: 1 });
    w.drain();
    for (let i = 0; i < 10; i++) w.server.walk(1, 1); // into the wall
    w.drain();
    for (let i = 0; i < 4; i++) w.server.walk(1, 3); // a full burst is still available
    expect(w.server.positionOf(1)).toMatchObject({ x: 10, y: 14 });
  });

  test("invalid headings and unknown sessions are ignored", () => {
    const w = world();
    w.enter(1, "Ana", 10, 10);
    w.drain();
    w.server.walk(1, 0);
    w.server.walk(1, 5);
    w.server.walk(99, 3);
    w.server.changeHeading(1, 7);
    expect(w.drain()).toEqual([]);
    expect(w.server.positionOf(1)).toEqual({ x: 10, y: 10, heading: 3, charIndex: 1 });
  });

  for (const aoiMode of ["grid", "scan"] as const) {
    test(`${aoiMode}: crossing a block border creates what comes into view, both ways`, () => {
      const w = world({
        aoiMode,
        npcs: [{ x: 37, y: 10, npc: 500, name: "Guardia", body: 10, head: 0, heading: 3 }],
        objects: [
          { x: 36, y: 2, obj: 7, amount: 3 },
          { x: 20, y: 20, obj: 8, amount: 1 },
        ],
      });
      // Blocks of 12 along x: 1–11, 12–23, 24–35, 36–40. Ana walks from block 1 into block 2.
      const ana = w.enter(1, "Ana", 23, 5, { heading: 2 });
      const lost = w.enter(2, "Lucia", 5, 5); // block 0: seen before, not after
      const kept = w.enter(3, "Kevin", 20, 8); // block 1: seen before and after
      const gained = w.enter(4, "Nora", 38, 5); // block 3: seen only after
      w.enter(5, "Fede", 24, 38); // three blocks down: never
      expect([ana, lost, kept, gained]).toEqual([2, 3, 4, 5]);
      w.drain();

      w.server.walk(1, 2); // (23, 5) → (24, 5)
      let inboxes = w.inboxes();
      expect(inboxes.get(1)).toEqual(["AreaChanged (24,5)", "CharacterCreate 5 Nora (38,5) h3", "CharacterCreate 1 Guardia (37,10) h3", "ObjectCreate 7x3 (36,2)"]);
      expect(inboxes.get(2)).toEqual(["CharacterMove 2 (24,5)"]);
      expect(inboxes.get(3)).toEqual(["CharacterMove 2 (24,5)"]);
      expect(inboxes.get(4)).toEqual(["CharacterCreate 2 Ana (24,5) h2"]);
      expect(inboxes.has(5)).toBe(false);

      w.advance(300);
      w.server.walk(1, 4); // back: (24, 5) → (23, 5)
      inboxes = w.inboxes();
      expect(inboxes.get(1)).toEqual(["AreaChanged (23,5)", "CharacterCreate 3 Lucia (5,5) h3"]);
      expect(inboxes.get(2)).toEqual(["CharacterCreate 2 Ana (23,5) h4"]);
      expect(inboxes.get(3)).toEqual(["CharacterMove 2 (23,5)"]);
      expect(inboxes.get(4)).toEqual(["CharacterMove 2 (23,5)"]);
      expect(inboxes.has(5)).toBe(false);
    });
  }

  for (const aoiMode of ["grid", "scan", "global"] as const) {
    test(`${aoiMode}: a step inside one block reaches exactly the viewers of the block's window (one pass in grid and global)`, () => {
      const w = world({ aoiMode });
      w.enter(1, "Ana", 14, 5, { heading: 2 }); // block 1
      w.enter(2, "Beto", 15, 6); // same block
      w.enter(3, "Carla", 30, 8); // the next block: in the window
      w.enter(4, "Dario", 38, 30); // three blocks away
      w.drain();
      w.server.walk(1, 2); // (14, 5) → (15, 5), still block 1
      const inboxes = w.inboxes();
      expect(inboxes.get(2)).toEqual(["CharacterMove 1 (15,5)"]);
      expect(inboxes.get(3)).toEqual(["CharacterMove 1 (15,5)"]);
      // Only `global` tells a player outside the window.
      expect(inboxes.get(4)).toEqual(aoiMode === "global" ? ["CharacterMove 1 (15,5)"] : undefined);
      expect(inboxes.has(1)).toBe(false);
    });
  }

  test("a step inside one block sends no AreaChanged", () => {
    const w = world();
    w.enter(1, "Ana", 12, 5, { heading: 2 });
    w.drain();
    for (let i = 0; i < 4; i++) {
      w.advance(210);
      w.server.walk(1, 2); // 13, 14, 15, 16: all block 1
    }
    expect(w.drain()).toEqual([]);
    expect(w.server.positionOf(1)).toMatchObject({ x: 16, y: 5 });
  });

  test("changeHeading: CharacterChange to everyone in view, the turner included", () => {
    const w = world();
    w.enter(1, "Ana", 10, 10);
    w.enter(2, "Beto", 12, 12);
    w.enter(3, "Carla", 30, 30);
    w.drain();
    w.server.changeHeading(1, 1);
    const inboxes = w.inboxes();
    expect(inboxes.get(1)).toEqual(["CharacterChange 1 h1"]);
    expect(inboxes.get(2)).toEqual(["CharacterChange 1 h1"]);
    expect(inboxes.has(3)).toBe(false);
    expect(w.server.positionOf(1)!.heading).toBe(1);
  });

  test("requestPosition answers the asker only", () => {
    const w = world();
    w.enter(1, "Ana", 10, 10);
    w.enter(2, "Beto", 12, 12);
    w.drain();
    w.server.requestPosition(1);
    expect(w.drain().map((p) => [p.session, summary(p)])).toEqual([[1, "PosUpdate (10,10)"]]);
  });
});

describe("exits", () => {
  test("stepping on an exit: transfer event with the destination; the others see the char go", () => {
    const w = world({ exits: [{ x: 15, y: 10, destMap: 2, destX: 50, destY: 60 }] });
    w.enter(1, "Ana", 14, 10, { heading: 2 });
    w.enter(2, "Beto", 16, 12);
    w.drain();
    w.events.length = 0;
    w.server.walk(1, 2);
    const inboxes = w.inboxes();
    expect(inboxes.get(2)).toEqual(["CharacterMove 1 (15,10)", "CharacterRemove 1 fade=false warp=true"]);
    expect(inboxes.get(1)).toEqual(["RemoveDialogs"]);
    expect(w.events).toHaveLength(1);
    const event = w.events[0]!;
    expect(event).toMatchObject({ t: "transfer", session: 1, dest: { map: 2, x: 50, y: 60 }, cameFrom: { map: MAP_ID, x: 15, y: 10 } });
    if (event.t === "transfer") expect(event.state.position).toEqual({ map: 2, x: 50, y: 60, heading: 2 });
    expect(w.server.hasSession(1)).toBe(false);
    expect(w.server.playerCount).toBe(1);
    expect(w.occupant(14, 10)).toBe(0);
    expect(w.occupant(15, 10)).toBe(0);
    // The char is gone for good: a later line reaches Beto only.
    w.server.talk(2, "¿Ana?", false);
    expect(w.drain().map((p) => p.session)).toEqual([2]);
  });

  test("an exit to -1 sends the player back where it came from", () => {
    const w = world({ exits: [{ x: 15, y: 10, destMap: -1, destX: 0, destY: 0 }] });
    w.enter(1, "Ana", 14, 10, { heading: 2, kind: "transfer", cameFrom: { map: 3, x: 44, y: 55 } });
    w.events.length = 0;
    w.server.walk(1, 2);
    expect(w.events).toMatchObject([{ t: "transfer", session: 1, dest: { map: 3, x: 44, y: 55 }, cameFrom: { map: MAP_ID, x: 15, y: 10 } }]);
    const event = w.events[0]!;
    if (event.t === "transfer") expect(event.state.position).toEqual({ map: 3, x: 44, y: 55, heading: 2 });
  });

  test("an exit to -1 without a previous map leaves the player standing on it", () => {
    const w = world({ exits: [{ x: 15, y: 10, destMap: -1, destX: 0, destY: 0 }] });
    w.enter(1, "Ana", 14, 10, { heading: 2 });
    w.events.length = 0;
    w.server.walk(1, 2);
    expect(w.events).toEqual([]);
    expect(w.server.positionOf(1)).toMatchObject({ x: 15, y: 10 });
    expect(w.occupant(15, 10)).toBe(1);
  });

  test("an exit to the same map warps: removal for the old viewers, area entry for the walker and the new ones", () => {
    const w = world({ exits: [{ x: 15, y: 10, destMap: MAP_ID, destX: 30, destY: 30 }] });
    w.enter(1, "Ana", 14, 10, { heading: 2 });
    w.enter(2, "Beto", 5, 5); // sees (15, 10), not (30, 30)
    w.enter(3, "Carla", 32, 32); // sees (30, 30), not (15, 10)
    w.drain();
    w.events.length = 0;
    w.server.walk(1, 2);
    const inboxes = w.inboxes();
    expect(inboxes.get(1)).toEqual(["AreaChanged (30,30)", "CharacterCreate 1 Ana (30,30) h2", "CharacterCreate 3 Carla (32,32) h3", "UserCharIndexInServer 1"]);
    expect(inboxes.get(2)).toEqual(["CharacterMove 1 (15,10)", "CharacterRemove 1 fade=false warp=true"]);
    expect(inboxes.get(3)).toEqual(["CharacterCreate 1 Ana (30,30) h2"]);
    expect(w.events).toEqual([]);
    expect(w.server.positionOf(1)).toMatchObject({ x: 30, y: 30 });
    expect(w.occupant(15, 10)).toBe(0);
    expect(w.occupant(14, 10)).toBe(0);
    expect(w.occupant(30, 30)).toBe(1);
  });
});

describe("chat", () => {
  function three() {
    const w = world();
    w.enter(1, "Ana", 10, 10);
    w.enter(2, "Beto", 12, 12);
    w.enter(3, "Carla", 36, 36); // block (3, 3): out of everyone's view
    w.drain();
    return w;
  }

  test("talk: ChatOverHead to everyone in view, the speaker included, nobody out of view", () => {
    const w = three();
    w.server.talk(1, "hola a todos", false);
    const out = w.drain();
    expect(out.map((p) => p.session)).toEqual([1, 2]);
    for (const packet of out) {
      expect(packet.name).toBe("ChatOverHead");
      expect(packet.fields).toEqual({ text: "hola a todos", charIndex: 1, color: 0xffffff, isSpell: false, x: 10, y: 10, minDisplayMs: 0, maxDisplayMs: 0 });
    }
  });

  test("yell is red; blank lines are dropped; long lines are cut to 300 characters", () => {
    const w = three();
    w.server.talk(2, "¡AUXILIO!", true);
    const yell = w.drain();
    expect(yell.map((p) => [p.session, p.fields.color, p.fields.text])).toEqual([
      [1, 0x0000ff, "¡AUXILIO!"],
      [2, 0x0000ff, "¡AUXILIO!"],
    ]);
    w.server.talk(1, "   ", false);
    w.server.talk(1, "", true);
    expect(w.drain()).toEqual([]);
    w.server.talk(1, "ñ".repeat(400), false);
    expect(w.drain()[0]!.fields.text).toBe("ñ".repeat(300));
  });

  test("whisper: to the speaker and the target only, name matched ignoring case and spaces", () => {
    const w = three();
    w.server.whisper(1, "  bETO ", "secreto");
    const out = w.drain();
    expect(out.map((p) => p.session)).toEqual([1, 2]);
    for (const packet of out) {
      expect(packet.name).toBe("ConsoleCharText");
      expect(packet.fields).toEqual({ text: "secreto", color: 0x00c8c8, speakerName: "Ana", speakerStatus: 1, privileges: 1 });
    }
  });

  test("whisper to someone out of view or unknown: a notice to the speaker only", () => {
    const w = three();
    w.server.whisper(1, "Carla", "¿me oyes?");
    w.server.whisper(1, "Nadie", "¿hola?");
    expect(w.drain().map((p) => [p.session, summary(p)])).toEqual([
      [1, "ConsoleMsg[3] Carla no está cerca para oír tu susurro."],
      [1, "ConsoleMsg[3] Nadie no está cerca para oír tu susurro."],
    ]);
    w.server.whisper(1, "Beto", "  ");
    expect(w.drain()).toEqual([]);
  });
});

describe("leaving", () => {
  test("quit on a safe map: farewell and Disconnect, removal for the others, a `left` event", () => {
    const w = world({ safe: true });
    w.enter(1, "Ana", 10, 10);
    w.enter(2, "Beto", 12, 12);
    w.drain();
    w.events.length = 0;
    w.server.quit(1);
    const inboxes = w.inboxes();
    expect(inboxes.get(1)).toEqual(["ConsoleMsg[3] ¡Gracias por jugar Argentum Online!", "Disconnect full=false"]);
    expect(inboxes.get(2)).toEqual(["CharacterRemove 1 fade=false warp=false"]);
    expect(w.events).toMatchObject([{ t: "left", session: 1, reason: "quit", state: { name: "Ana", position: { map: MAP_ID, x: 10, y: 10, heading: 3 } } }]);
    expect(w.server.hasSession(1)).toBe(false);
    expect(w.occupant(10, 10)).toBe(0);
  });

  test("quit on an unsafe map: a countdown announced as seconds pass, then the logout", () => {
    const w = world({ safe: false });
    w.enter(1, "Ana", 10, 10, { with: UNHURT_AND_CLOTHED });
    w.enter(2, "Beto", 12, 12, { with: UNHURT_AND_CLOTHED });
    w.drain();
    w.events.length = 0;
    const line = (seconds: number) => `ConsoleMsg[3] Cerrando en ${seconds} ${seconds === 1 ? "segundo" : "segundos"}...`;
    w.server.quit(1);
    expect(w.inboxes().get(1)).toEqual([line(10)]);
    w.server.quit(1); // already counting: ignored
    expect(w.drain()).toEqual([]);
    w.advance(999);
    expect(w.drain()).toEqual([]);
    w.advance(1); // t + 1 s
    expect(w.inboxes().get(1)).toEqual([line(9)]);
    w.advance(500);
    expect(w.drain()).toEqual([]);
    w.advance(3500); // t + 5 s: each second on its own timer fire, in order
    expect(w.inboxes().get(1)).toEqual([line(8), line(7), line(6), line(5)]);
    w.advance(4999); // 1 ms left
    expect(w.inboxes().get(1)).toEqual([line(4), line(3), line(2), line(1)]);
    expect(w.events).toEqual([]);
    w.advance(1);
    const inboxes = w.inboxes();
    expect(inboxes.get(1)).toEqual(["ConsoleMsg[3] ¡Gracias por jugar Argentum Online!", "Disconnect full=false"]);
    expect(inboxes.get(2)).toEqual(["CharacterRemove 1 fade=false warp=false"]);
    expect(w.events).toMatchObject([{ t: "left", session: 1, reason: "quit" }]);
    // Only the map's vitals sweep is left, for Beto.
    expect(w.clock.timers.pending).toBe(1);
    w.advance(5000);
    expect(w.drain()).toEqual([]);
  });

  test("walking cancels the countdown (even a refused step); so does the cancel intent", () => {
    const w = world({ safe: false, walls: [[10, 9, WALL]] });
    w.enter(1, "Ana", 10, 10, { heading: 1, with: UNHURT_AND_CLOTHED });
    w.drain();
    w.server.quit(1);
    w.advance(2000);
    expect(w.inboxes().get(1)).toEqual(["ConsoleMsg[3] Cerrando en 10 segundos...", "ConsoleMsg[3] Cerrando en 9 segundos...", "ConsoleMsg[3] Cerrando en 8 segundos..."]);
    w.server.walk(1, 1); // into the wall
    expect(w.inboxes().get(1)).toEqual(["ConsoleMsg[2] Saliste del juego cancelado: te moviste.", "PosUpdate (10,10)"]);
    w.advance(60_000);
    expect(w.drain()).toEqual([]);
    expect(w.server.hasSession(1)).toBe(true);

    w.server.quit(1);
    w.server.cancelQuitIntent(1);
    expect(w.inboxes().get(1)).toEqual(["ConsoleMsg[3] Cerrando en 10 segundos...", "ConsoleMsg[2] Salida cancelada."]);
    w.server.cancelQuitIntent(1); // nothing to cancel
    w.advance(60_000);
    expect(w.drain()).toEqual([]);
    expect(w.events.filter((e) => e.t === "left")).toEqual([]);
  });

  test("leave(): `left` with the final state at the last position; removal for the others; a second leave is a no-op", () => {
    const w = world({ safe: false });
    w.enter(1, "Ana", 10, 10);
    w.enter(2, "Beto", 12, 12, { with: UNHURT_AND_CLOTHED });
    w.server.walk(1, 3);
    w.server.walk(1, 2);
    w.server.quit(1); // a pending countdown must not fire after the leave
    w.drain();
    w.events.length = 0;
    w.server.leave(1, "disconnect");
    expect(w.inboxes()).toEqual(new Map([[2, ["CharacterRemove 1 fade=false warp=false"]]]));
    expect(w.events).toHaveLength(1);
    const event = w.events[0]!;
    expect(event).toMatchObject({ t: "left", session: 1, reason: "disconnect" });
    if (event.t === "left") expect(event.state!.position).toEqual({ map: MAP_ID, x: 11, y: 11, heading: 2 });
    expect(w.occupant(11, 11)).toBe(0);
    w.server.leave(1, "disconnect");
    w.advance(20_000);
    expect(w.events).toHaveLength(1);
    expect(w.drain()).toEqual([]);
  });

  test("a freed char index is handed to the next player", () => {
    const w = world();
    w.enter(1, "Ana", 10, 10);
    w.enter(2, "Beto", 12, 12);
    w.server.leave(1, "disconnect");
    expect(w.enter(3, "Carla", 20, 20)).toBe(1);
    expect(w.enter(4, "Dario", 21, 21)).toBe(3);
  });
});

describe("state", () => {
  test("snapshot(): every player with its current state", () => {
    const w = world();
    w.enter(1, "Ana", 10, 10);
    w.enter(2, "Beto", 12, 12);
    w.server.walk(2, 3);
    expect(w.server.snapshot().map(({ session, state }) => [session, state.name, state.position])).toEqual([
      [1, "Ana", { map: MAP_ID, x: 10, y: 10, heading: 3 }],
      [2, "Beto", { map: MAP_ID, x: 12, y: 13, heading: 3 }],
    ]);
  });

  test("the occupancy grid starts clean (stale values from a previous owner are wiped) and tracks every char", () => {
    const w = world({ dirtyOccupancy: true, npcs: [{ x: 5, y: 5, npc: 1, name: "Guardia", body: 1, head: 1, heading: 3 }] });
    const occupied = () => {
      const cells: string[] = [];
      for (let y = 1; y <= 40; y++) for (let x = 1; x <= 40; x++) if (w.occupant(x, y) !== 0) cells.push(`${x},${y}=${w.occupant(x, y)}`);
      return cells;
    };
    expect(occupied()).toEqual(["5,5=1"]);
    w.enter(1, "Ana", 10, 10);
    w.enter(2, "Beto", 30, 30);
    expect(occupied()).toEqual(["5,5=1", "10,10=2", "30,30=3"]);
    w.server.walk(1, 1);
    expect(occupied()).toEqual(["5,5=1", "10,9=2", "30,30=3"]);
    w.server.leave(2, "disconnect");
    expect(occupied()).toEqual(["5,5=1", "10,9=2"]);
  });

  test("findFreeTile skips walls, occupied tiles and exits; a partly blocked tile is fine", () => {
    const w = world({
      walls: [
        [10, 10, WALL],
        [9, 9, WALL],
        [9, 10, NO_ENTRY_MOVING_WEST],
      ],
      exits: [{ x: 11, y: 9, destMap: 2, destX: 1, destY: 1 }],
    });
    w.enter(1, "Ana", 10, 9);
    // Ring 1 around (10, 10) in search order: (9,9) wall, (10,9) Ana, (11,9) exit, (9,10).
    expect(w.server.findFreeTile(10, 10)).toEqual({ x: 9, y: 10 });
    expect(w.server.findFreeTile(20, 20)).toEqual({ x: 20, y: 20 });
    // Out-of-map requests are clamped to the map.
    expect(w.server.findFreeTile(0, 0)).toEqual({ x: 1, y: 1 });
    expect(w.server.findFreeTile(99, -5)).toEqual({ x: 40, y: 1 });
    expect(w.server.findFreeTile(Number.NaN, 300)).toEqual({ x: 1, y: 40 });
  });

  test("findFreeTile keeps looking past the VB6 12 rings, over the whole map", () => {
    const walls: [number, number, number][] = [];
    for (let y = 1; y <= 40; y++) for (let x = 1; x <= 40; x++) if (x !== 40 || y !== 40) walls.push([x, y, WALL]);
    const w = world({ walls });
    expect(w.server.findFreeTile(28, 28)).toEqual({ x: 40, y: 40 });
    expect(w.server.findFreeTile(27, 40)).toEqual({ x: 40, y: 40 });
    expect(w.server.findFreeTile(1, 1)).toEqual({ x: 40, y: 40 });
    const full = world({ walls: [...walls, [40, 40, WALL]] });
    expect(full.server.findFreeTile(1, 1)).toBeUndefined();
  });
});

describe("regressions", () => {
  test("global mode: walking back into a window re-creates the char the client dropped", () => {
    const w = world({ aoiMode: "global", width: 60, height: 20 });
    w.enter(1, "Ana", 24, 5);
    const nora = w.enter(2, "Nora", 38, 5);
    w.drain();
    w.server.walk(1, 4); // west to (23,5): Nora (block 3) leaves Ana's window (blocks 0..2)
    w.advance(300);
    w.drain();
    w.server.walk(1, 2); // east to (24,5): Nora is back in the window
    const ana = w.drain().filter((packet) => packet.session === 1);
    expect(ana.some((packet) => packet.name === "AreaChanged")).toBe(true);
    expect(ana.some((packet) => packet.name === "CharacterCreate" && packet.fields.charIndex === nora)).toBe(true);
  });
});

describe("water", () => {
  test("a walker cannot step into water, except onto a bridge; nobody spawns in water", () => {
    const WATER = 0x20;
    const w = world({ walls: [[11, 10, WATER], [10, 11, WATER], [9, 10, WATER]], triggers: [[9, 10, 17]] });
    w.enter(1, "Nadador", 10, 10);
    w.drain();
    w.server.walk(1, 2); // east into water: turned, then snapped back
    expect(w.drain().map((p) => p.name)).toEqual(["CharacterChange", "PosUpdate"]);
    expect(w.server.positionOf(1)).toMatchObject({ x: 10, y: 10 });
    w.advance(300);
    w.server.walk(1, 4); // west onto the bridge (water with trigger 17)
    expect(w.server.positionOf(1)).toMatchObject({ x: 9, y: 10 });
    expect(w.server.findFreeTile(11, 10)).not.toEqual({ x: 11, y: 10 });
  });
});

describe("the packet table", () => {
  test("a packet without a handler is ignored and reported (the safety net); a session not on the map is a normal, quiet case", () => {
    // Every client packet has a handler in the real table (systems/decisions), so a table missing one is built here.
    const w = world({ handlers: { Walk: (ctx, player) => ctx.view.send(player, ctx.packets.posUpdate(player.x, player.y)) } });
    w.enter(1, "Ana", 10, 10);
    w.drain();
    expect(w.server.act(1, "LogMacroClickHechizo", { macroType: 1, clicks: 0 })).toBe("no_handler");
    expect(w.unhandled).toEqual([{ map: 1, session: 1, packet: "LogMacroClickHechizo" }]);
    expect(w.server.act(99, "Walk", { heading: 1, counter: 1 })).toBe("no_player");
    expect(w.server.instance.handle(1, Uint8Array.of(0xff, 0x7f))).toBe("bad_packet");
    expect(w.drain()).toEqual([]);
    expect(w.faults).toEqual([]);
    expect(w.unhandled).toHaveLength(1);
  });

  test("with the real table, a packet no system handles is answered by its decision, never unhandled", () => {
    const w = world();
    w.enter(1, "Ana", 10, 10);
    w.drain();
    expect(w.server.act(1, "LogMacroClickHechizo", { macroType: 1, clicks: 0 })).toBe("handled");
    expect(w.drain()).toEqual([]); // planned, quiet: the client sends it by itself
    expect(w.unhandled).toEqual([]);
  });

  test("a handler that throws costs only its own intent: reported with packet and session, the next intents go on", () => {
    const w = world({
      handlers: {
        Talk: (ctx, player, fields) => {
          if (fields.text === "boom") throw new Error("handler bug");
          ctx.view.around(player.x, player.y, ctx.packets.chatOverHead(fields.text, player.charIndex, 0xffffff, player.x, player.y));
        },
        Walk: (ctx, player) => ctx.view.send(player, ctx.packets.posUpdate(player.x, player.y)),
      },
    });
    w.enter(1, "Ana", 10, 10);
    w.enter(2, "Beto", 12, 12);
    w.drain();
    expect(w.server.talk(1, "boom", false)).toBe("fault");
    expect(w.server.talk(2, "sigo aquí", false)).toBe("handled");
    expect(w.server.walk(1, 3)).toBe("handled");
    expect(w.faults).toHaveLength(1);
    expect(w.faults[0]).toMatchObject({ map: MAP_ID, session: 1, packet: "Talk" });
    expect((w.faults[0]!.error as Error).message).toBe("handler bug");
    const inboxes = w.inboxes();
    expect(inboxes.get(1)).toEqual(["ChatOverHead 2 sigo aquí", "PosUpdate (10,10)"]);
    expect(inboxes.get(2)).toEqual(["ChatOverHead 2 sigo aquí"]);
  });
});

describe("information commands", () => {
  test("/ONLINE is for game masters: a player hears it is not for its rank (LocaleMsg 526)", () => {
    const w = world();
    w.enter(1, "Ana", 10, 10);
    w.drain();
    w.server.act(1, "Online", {});
    expect(w.inboxes().get(1)).toEqual(["LocaleMsg[29] 526 "]);
  });

  test("/MOTD repeats the message of the day; /UPTIME tells how long the server has run", () => {
    const w = world({ rules: { motd: ["Línea uno", "Línea dos"] } });
    w.enter(1, "Ana", 10, 10);
    w.drain();
    w.server.act(1, "RequestMOTD", {});
    // VB6 `SendMOTD`: the lines, then `SendWelcomeUptime` (nothing of the manual clock has passed yet).
    expect(w.inboxes().get(1)).toEqual(["ConsoleMsg[3] Línea uno", "ConsoleMsg[3] Línea dos", "ConsoleMsg[3] Server Uptime: 0d 00:00:00"]);
    w.advance(((1 * 24 + 2) * 60 + 3) * 60_000 + 4_000); // 1 day, 2 h, 3 min, 4 s
    w.drain(); // a day of hunger, thirst and tiredness
    w.server.act(1, "UpTime", {});
    expect(w.inboxes().get(1)).toEqual(["LocaleMsg[3] 1470 1 día, 2 horas, 3 minutos, 4 segundos."]);
  });

  test("a command of a system still to come is answered, never ignored", () => {
    const w = world();
    w.enter(1, "Ana", 10, 10);
    w.drain();
    // (RequestStats, RequestAccountState and Promedio were among them until /EST, /BALANCE and /PROMEDIO were answered.)
    for (const name of ["GuildLeave", "GuildOnline", "SubastaInfo", "AbandonarGrupo"] as const) w.server.act(1, name, {});
    expect(w.inboxes().get(1)).toEqual(new Array(4).fill("ConsoleMsg[3] Esa acción todavía no está disponible en este servidor."));
  });
});

describe("global chat over the cross-map bus", () => {
  test("a global line is published once, as `[name] text` in the global font; this map's share reaches everyone on it", () => {
    const w = world();
    w.enter(1, "Ana", 10, 10);
    w.enter(2, "Carla", 36, 36); // far away: global lines are not about the area
    w.drain();
    w.server.act(1, "GlobalMessage", { text: "¿alguien en Nix?" });
    expect(w.drain()).toEqual([]); // nothing until the bus brings it back
    expect(w.bus.published).toEqual([{ kind: "console_all", text: "[Ana] ¿alguien en Nix?", font: 25 }]);
    w.server.receive(w.bus.published[0]!);
    const inboxes = w.inboxes();
    expect(inboxes.get(1)).toEqual(["ConsoleMsg[25] [Ana] ¿alguien en Nix?"]);
    expect(inboxes.get(2)).toEqual(["ConsoleMsg[25] [Ana] ¿alguien en Nix?"]);
  });

  test("one line per interval per player (LocaleMsg 548); switched off: LocaleMsg 549; blank lines publish nothing", () => {
    const w = world();
    w.enter(1, "Ana", 10, 10);
    w.drain();
    w.server.act(1, "GlobalMessage", { text: "uno" });
    w.server.act(1, "GlobalMessage", { text: "dos" });
    expect(w.inboxes().get(1)).toEqual(["LocaleMsg[2] 548 "]);
    w.advance(5000);
    w.server.act(1, "GlobalMessage", { text: "   " });
    expect(w.bus.published.map((m) => (m.kind === "console_all" ? m.text : m.kind))).toEqual(["[Ana] uno"]);

    const off = world({ rules: { globalChat: false } });
    off.enter(1, "Ana", 10, 10);
    off.drain();
    off.server.act(1, "GlobalMessage", { text: "hola" });
    expect(off.inboxes().get(1)).toEqual(["LocaleMsg[25] 549 "]);
    expect(off.bus.published).toEqual([]);
  });
});
