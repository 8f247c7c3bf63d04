import { describe, expect, test } from "bun:test";
import {
  ACCOUNT_LOGIN_TIMEOUT_MS,
  CHARACTER_SELECT_TIMEOUT_MS,
  ConnectionLimiter,
  COUNTED_ACTIONS,
  FLOOD_LIMIT_BEFORE_LOGIN,
  FLOOD_LIMIT_IN_WORLD,
  FLOOD_WINDOW_MS,
  FloodMeter,
  SequenceCounters,
} from "./limits.ts";

describe("FloodMeter", () => {
  test("the documented limits", () => {
    expect(FLOOD_WINDOW_MS).toBe(5000);
    expect(FLOOD_LIMIT_BEFORE_LOGIN).toBe(100);
    expect(FLOOD_LIMIT_IN_WORLD).toBe(400);
    expect(ACCOUNT_LOGIN_TIMEOUT_MS).toBe(30_000);
    expect(CHARACTER_SELECT_TIMEOUT_MS).toBe(600_000);
  });

  test("up to `limit` frames per 5 s window pass; the rest of the window is refused; a new window starts afresh", () => {
    const meter = new FloodMeter();
    const t0 = 60_000; // first frame opens the window
    expect([1, 2, 3].map(() => meter.admit(t0, 3))).toEqual([true, true, true]);
    expect(meter.admit(t0 + 1, 3)).toBe(false);
    expect(meter.admit(t0 + 4999, 3)).toBe(false);
    // The window is [t0, t0 + 5000): at t0 + 5000 the count restarts.
    expect(meter.admit(t0 + 5000, 3)).toBe(true);
    expect(meter.admit(t0 + 5001, 3)).toBe(true);
    expect(meter.admit(t0 + 9999, 3)).toBe(true);
    expect(meter.admit(t0 + 9999, 3)).toBe(false);
  });

  test("the new window starts at the first frame after the old one ended, not on a fixed grid", () => {
    const meter = new FloodMeter();
    expect(meter.admit(10_000, 1)).toBe(true);
    expect(meter.admit(17_500, 1)).toBe(true); // opens [17 500, 22 500)
    expect(meter.admit(22_499, 1)).toBe(false);
    expect(meter.admit(22_500, 1)).toBe(true);
  });

  test("a steady in-world client at the limit passes; one frame more per window does not", () => {
    const meter = new FloodMeter();
    let refused = 0;
    // 400 frames spread over each 5 s window, for 10 windows.
    for (let i = 0; i < 4000; i++) if (!meter.admit(50_000 + i * 12.5, FLOOD_LIMIT_IN_WORLD)) refused++;
    expect(refused).toBe(0);
    const greedy = new FloodMeter();
    const verdicts = Array.from({ length: 401 }, (_, i) => greedy.admit(50_000 + i, FLOOD_LIMIT_IN_WORLD));
    expect(verdicts.filter((ok) => !ok)).toHaveLength(1);
    expect(verdicts.at(-1)).toBe(false);
  });
});

describe("SequenceCounters", () => {
  test("the counted actions (§6.3)", () => {
    expect(COUNTED_ACTIONS).toEqual(["Walk", "Talk", "Attack", "Drop", "CastSpell", "LeftClick", "Work", "UseItem", "UseItemU", "WorkLeftClick", "EquipItem", "ChangeHeading", "GuildMessage", "QuestionGM"]);
    const counters = new SequenceCounters();
    for (const name of COUNTED_ACTIONS) expect(counters.isCounted(name)).toBe(true);
    for (const name of ["LoginAccount", "RequestPositionUpdate", "walk", "", "Quit"]) expect(counters.isCounted(name)).toBe(false);
  });

  test("each action's counter must strictly increase; a repeat or a step back is refused and not recorded", () => {
    const counters = new SequenceCounters();
    expect(counters.accept("Walk", 1)).toBe(true);
    expect(counters.accept("Walk", 1)).toBe(false); // replay
    expect(counters.accept("Walk", 0)).toBe(false);
    expect(counters.accept("Walk", 2)).toBe(true);
    expect(counters.accept("Walk", 10)).toBe(true); // gaps are fine
    expect(counters.accept("Walk", 9)).toBe(false);
    expect(counters.accept("Walk", 11)).toBe(true); // the refused 9 did not lower the bar
    expect(counters.accept("Walk", 2_147_483_647)).toBe(true);
    expect(counters.accept("Walk", 2_147_483_647)).toBe(false);
  });

  test("actions count independently", () => {
    const counters = new SequenceCounters();
    expect(counters.accept("Walk", 5)).toBe(true);
    expect(counters.accept("Talk", 1)).toBe(true);
    expect(counters.accept("ChangeHeading", 5)).toBe(true);
    expect(counters.accept("Talk", 2)).toBe(true);
    expect(counters.accept("Walk", 5)).toBe(false);
    expect(counters.accept("QuestionGM", 1)).toBe(true);
  });

  test("counters start at 0: the first accepted value is anything above it", () => {
    const counters = new SequenceCounters();
    expect(counters.accept("Attack", 0)).toBe(false);
    expect(counters.accept("Attack", -3)).toBe(false);
    expect(counters.accept("Attack", 1)).toBe(true);
  });

  test("reset() starts every action over (the client resets its counters at `logged`)", () => {
    const counters = new SequenceCounters();
    for (const name of COUNTED_ACTIONS) counters.accept(name, 500);
    counters.reset();
    for (const name of COUNTED_ACTIONS) expect(counters.accept(name, 1)).toBe(true);
  });

  test("uncounted packets always pass, whatever their value", () => {
    const counters = new SequenceCounters();
    expect(counters.accept("LoginAccount", 0)).toBe(true);
    expect(counters.accept("LoginAccount", 0)).toBe(true);
    expect(counters.accept("RequestPositionUpdate", -1)).toBe(true);
  });
});

describe("ConnectionLimiter", () => {
  test("per-address cap, then total cap; releases free both", () => {
    const limiter = new ConnectionLimiter(4, 2);
    expect(limiter.tryAcquire("10.0.0.1")).toBe("ok");
    expect(limiter.tryAcquire("10.0.0.1")).toBe("ok");
    expect(limiter.tryAcquire("10.0.0.1")).toBe("too_many_from_address");
    expect(limiter.open).toBe(2); // a refusal does not count
    expect(limiter.tryAcquire("10.0.0.2")).toBe("ok");
    expect(limiter.tryAcquire("::1")).toBe("ok");
    expect(limiter.open).toBe(4);
    // Full: a new address is refused as server_full, and so is one already at its own cap.
    expect(limiter.tryAcquire("10.0.0.3")).toBe("server_full");
    expect(limiter.tryAcquire("10.0.0.1")).toBe("server_full");
    limiter.release("10.0.0.1");
    expect(limiter.open).toBe(3);
    expect(limiter.tryAcquire("10.0.0.3")).toBe("ok");
    expect(limiter.tryAcquire("10.0.0.1")).toBe("server_full");
    limiter.release("10.0.0.2");
    expect(limiter.tryAcquire("10.0.0.1")).toBe("ok");
    limiter.release("10.0.0.3");
    expect(limiter.open).toBe(3);
    expect(limiter.tryAcquire("10.0.0.1")).toBe("too_many_from_address");
  });

  test("an address released down to zero is forgotten and can fill its cap again", () => {
    const limiter = new ConnectionLimiter(100, 3);
    for (let round = 0; round < 3; round++) {
      expect([1, 2, 3].map(() => limiter.tryAcquire("1.2.3.4"))).toEqual(["ok", "ok", "ok"]);
      expect(limiter.tryAcquire("1.2.3.4")).toBe("too_many_from_address");
      for (let i = 0; i < 3; i++) limiter.release("1.2.3.4");
      expect(limiter.open).toBe(0);
    }
  });

  test("the total never goes below zero", () => {
    const limiter = new ConnectionLimiter(1, 1);
    limiter.release("5.5.5.5");
    expect(limiter.open).toBe(0);
    expect(limiter.tryAcquire("5.5.5.5")).toBe("ok");
    expect(limiter.tryAcquire("6.6.6.6")).toBe("server_full");
  });
});

describe("regressions", () => {
  test("releasing an address that holds nothing does not lower the total", () => {
    const limiter = new ConnectionLimiter(2, 2);
    expect(limiter.tryAcquire("a")).toBe("ok");
    limiter.release("zzz");
    expect(limiter.open).toBe(1);
  });
});
