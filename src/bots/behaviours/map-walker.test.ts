import { describe, expect, test } from "bun:test";
import { createRecordingContext } from "../recording-context.ts";
import { MapWalkerBehaviour } from "./map-walker.ts";
import { TALK_PACKET, WALK_PACKET } from "./packets.ts";

describe("map walker", () => {
  test("steps only on headings its view calls legal, each from its planned time, at the reference pace", () => {
    const { context, clock, sends } = createRecordingContext({ seed: 5 });
    let mask = 0b0101; // north and south
    const asked: boolean[] = [];
    const walker = new MapWalkerBehaviour({
      views: (id) => (id === context.actor.id ? { legalHeadings: (allowExits) => (asked.push(allowExits), mask) } : undefined),
    });
    walker.start(context);
    clock.advance(60_000);
    const headings = sends.map((send) => send.fields.heading as number);
    expect(sends.every((send) => send.packet === WALK_PACKET)).toBe(true);
    expect(new Set(headings)).toEqual(new Set([1, 3]));
    // Both legal headings about equally often.
    expect(Math.abs(headings.filter((h) => h === 1).length / headings.length - 0.5)).toBeLessThan(0.08);
    expect(sends.length).toBeGreaterThan(180);
    expect(asked.every((allow) => allow === false)).toBe(true);
    expect(sends.every((send) => send.atMs === Math.ceil(send.plannedAtMs))).toBe(true);
    // Boxed in: steps are skipped and counted, nothing is sent.
    mask = 0;
    const before = sends.length;
    clock.advance(10_000);
    expect(sends.length).toBe(before);
    expect(walker.skipped).toBeGreaterThan(20);
    mask = 0b1000;
    clock.advance(1_000);
    expect(sends.slice(before).every((send) => send.fields.heading === 4)).toBe(true);
    walker.stop(context);
    const stopped = sends.length;
    clock.advance(10_000);
    expect(sends.length).toBe(stopped);
  });

  test("with exits allowed and a chat think time it asks for exits and talks now and then; without a view it only skips", () => {
    const { context, clock, sends } = createRecordingContext({ seed: 6 });
    let skips = 0;
    const walker = new MapWalkerBehaviour({
      views: () => ({ legalHeadings: (allowExits) => (allowExits ? 0b0010 : 0) }),
      allowExits: true,
      chatThink: { kind: "constant", ms: 5_000 },
    });
    walker.start(context);
    clock.advance(20_000);
    expect(sends.filter((send) => send.packet === TALK_PACKET)).toHaveLength(4);
    expect(sends.filter((send) => send.packet === WALK_PACKET).every((send) => send.fields.heading === 2)).toBe(true);
    const blind = createRecordingContext({ seed: 6 });
    new MapWalkerBehaviour({ views: () => undefined, onSkip: () => void skips++ }).start(blind.context);
    blind.clock.advance(5_000);
    expect(blind.sends).toEqual([]);
    expect(skips).toBeGreaterThan(10);
  });
});
