import { describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isRunTag, seedTag, type ScenarioReport } from "../bots/index.ts";
import { botsCommand } from "./bots-command.ts";
import { memoryIo } from "./command.ts";

describe("argentum bots", () => {
  test("scenario usage errors exit 2 with the reason", async () => {
    const target = ["--target", "ws://127.0.0.1:1/ws"];
    const tcp = ["--target", "tcp://127.0.0.1:1", "--http-url", "http://127.0.0.1:1"];
    for (const [argv, fragment] of [
      [["--scenario", "hot_spread", "--bots", "1"], "--target is required"],
      [["--target", "udp://h:1", "--scenario", "hot_spread", "--bots", "1"], "unknown scheme udp"],
      [[...target, "--bots", "1"], "--scenario is required"],
      [[...target, "--scenario", "stampede", "--bots", "1"], 'unknown scenario "stampede"'],
      [[...target, "--scenario", "crowd"], "--bots is required"],
      [[...target, "--scenario", "crowd", "--bots", "0"], "--bots must be an integer from 1"],
      [[...target, "--scenario", "crowd", "--bots", "5", "--duration", "0"], "--duration must be a number from 0.1"],
      [[...target, "--scenario", "crowd", "--bots", "5", "--login", "existing"], "--login is gone"],
      [[...target, "--scenario", "crowd", "--bots", "5", "--reuse-accounts=yes"], "takes no value"],
      [[...target, "--scenario", "crowd", "--bots", "5", "--source-addresses", "127.0.0.2-127.0.0.9"], "--source-addresses applies to tcp:// targets only"],
      [[...tcp, "--scenario", "login_storm", "--bots", "5", "--source-addresses", "127.0.0.9-127.0.0.2"], "--source-addresses range 127.0.0.9-127.0.0.2 runs backwards"],
      [[...tcp, "--scenario", "login_storm", "--bots", "5", "--source-addresses", "127.0.0.300"], '--source-addresses "127.0.0.300" is not an IPv4 address'],
      [[...tcp, "--scenario", "login_storm", "--bots", "5", "--source-addresses", ""], "--source-addresses has an empty item"],
      [[...tcp, "--scenario", "login_storm", "--bots", "5", "--source-addresses"], "--source-addresses needs a value"],
      [["--target", "tcp://localhost:1", "--http-url", "http://127.0.0.1:1", "--scenario", "login_storm", "--bots", "5", "--source-addresses", "127.0.0.2"], "needs the target as an IPv4 address"],
      [[...target, "--scenario", "crowd", "--bots", "5", "--login-concurrency", "0"], "--login-concurrency must be an integer from 1"],
      [[...target, "--scenario", "crowd", "--bots", "5", "--http-url", "ftp://x"], "--http-url must be an http"],
      [[...target, "--scenario", "crowd", "--bots", "5", "--metrics-url", "nonsense"], "--metrics-url is not a URL"],
      [[...target, "--scenario", "crowd", "--bots", "5", "--no-metrics", "--metrics-url", "http://h:1/metrics"], "contradict"],
      [["--target", "tcp://127.0.0.1:1", "--scenario", "crowd", "--bots", "5"], "needs the server's HTTP address"],
      [[...target, "--scenario", "mixed_combat", "--bots", "5", "--mix", "50,30"], "--mix expects three shares"],
      [[...target, "--scenario", "mixed_combat", "--bots", "5", "--mix", "0,0,0"], "--mix mix shares add up to 0"],
      [[...target, "--scenario", "login_storm", "--bots", "5", "--mix", "1,1,1"], "--mix applies to scenarios whose bots move"],
    ] as [string[], string][]) {
      const io = memoryIo();
      expect([argv.join(" "), await botsCommand.run(argv, io)]).toEqual([argv.join(" "), 2]);
      expect(io.stderr).toContain(fragment);
    }
  });

  test("a scenario against a server that is not there fails with the reason, exit 1; too many bots for one address are warned about first", async () => {
    const io = memoryIo();
    const code = await botsCommand.run(["--target", "tcp://127.0.0.1:1", "--http-url", "http://127.0.0.1:1", "--scenario", "hot_spread", "--bots", "50", "--duration", "1"], io);
    expect(code).toBe(1);
    expect(io.stderr).toContain("hot_spread needs map 4: GET http://127.0.0.1:1/api/map/4:");
    expect(io.stderr).toContain("--bench-spawn 4");
    // The server's /metrics could not say its cap: the default is assumed, and said to be.
    expect(io.stderr).toContain(
      "argentum bots: warning: 50 bots from one address is more than the server lets in from there (10): about 40 will be refused; the server allows 10 connections per address (by default): spread bots over local addresses with --source-addresses 127.0.0.2-127.0.0.254",
    );
    expect(io.stderr.indexOf("warning:")).toBeLessThan(io.stderr.indexOf("needs map 4"));
  });

  test("bots that cannot get in make the run fail (exit 1), with the cause and its remedy in the report and on stderr", async () => {
    const io = memoryIo();
    const argv = ["--target", "tcp://127.0.0.1:1", "--http-url", "http://127.0.0.1:1", "--no-metrics", "--scenario", "login_storm", "--bots", "3", "--duration", "10", "--source-addresses", "127.0.0.2-127.0.0.3"];
    expect(await botsCommand.run(argv, io)).toBe(1);
    const report = JSON.parse(io.stdout.split("\n")[0]!) as ScenarioReport;
    expect([report.ok, report.failures, report.source_addresses, report.accounts, isRunTag(report.run_tag), report.warnings]).toEqual([false, 3, 2, "new", true, []]);
    expect(report.failure_causes).toEqual([
      {
        cause: "connection_refused",
        label: "connection refused",
        count: 3,
        example_bot: `Bot${report.run_tag}a`,
        example: "connect failed: ECONNREFUSED (from 127.0.0.2)",
        remedy: "nothing listens at tcp://127.0.0.1:1: start the server (npm start, argentum serve) or fix --target",
      },
    ]);
    expect(io.stdout).toContain("failures by cause:\n  3 × connection refused\n");
    expect(io.stderr).toContain("argentum bots: 3 of 3 bots failed (exit 1)\nfailures by cause:\n  3 × connection refused");
    expect(io.stderr).toContain(`new accounts, run tag ${report.run_tag}, from 2 source addresses`);
    // Another run draws another tag; --reuse-accounts takes the seed's, the same every time.
    const again = memoryIo();
    await botsCommand.run(argv, again);
    expect((JSON.parse(again.stdout.split("\n")[0]!) as ScenarioReport).run_tag).not.toBe(report.run_tag);
    const reused = memoryIo();
    await botsCommand.run([...argv, "--reuse-accounts", "--seed", "7"], reused);
    expect(JSON.parse(reused.stdout.split("\n")[0]!)).toMatchObject({ accounts: "reused", run_tag: seedTag(7) });
  });

  test("usage errors exit 2 with the reason", async () => {
    for (const [argv, fragment] of [
      [[], "needs a subcommand"],
      [["stampede"], "unknown subcommand"],
      [["bench-runtime"], "--actors is required"],
      [["bench-runtime", "--actors", "0"], "--actors must be an integer from 1"],
      [["bench-runtime", "--actors", "12abc"], "--actors must be an integer"],
      [["bench-runtime", "--actors", "10", "--timers-per-actor", "1000"], "--timers-per-actor must be an integer from 1 to 256"],
      [["bench-runtime", "--actors", "10", "--duration", "-1"], "--duration must be a number"],
      [["bench-runtime", "--actors", "10", "--think", "uniform:410:211"], "below min"],
      [["bench-runtime", "--actors", "10", "--think", "constant:100,"], "kind must be"],
      [["bench-runtime", "--actors", "10", "--queue", "list"], "--queue must be wheel or heap"],
      [["bench-runtime", "--actors", "10", "--frobnicate"], "unknown option --frobnicate"],
      [["bench-runtime", "--actors"], "--actors needs a value"],
      [["bench-runtime", "--actors", "--duration", "1"], "--actors needs a value"],
      [["bench-runtime", "--actors", "1", "--actors", "2"], "given twice"],
      [["bench-runtime", "--no-send=yes", "--actors", "1"], "takes no value"],
      [["bench-runtime", "stray"], "unexpected argument"],
    ] as [string[], string][]) {
      const io = memoryIo();
      expect([argv.join(" "), await botsCommand.run(argv, io)]).toEqual([argv.join(" "), 2]);
      expect(io.stderr).toContain(fragment);
    }
  });

  test("help for the command and for the subcommand", async () => {
    const io = memoryIo();
    expect(await botsCommand.run(["bench-runtime", "--help"], io)).toBe(0);
    expect(io.stdout).toContain("--timers-per-actor");
    expect(botsCommand.usage).toContain("bench-runtime");
    expect(botsCommand.usage).toContain("--timers-per-actor");
    for (const scenario of ["hot_spread", "crowd", "crowd_saturated", "world_spread", "login_storm", "cast_spread", "mixed_combat"]) expect(botsCommand.usage).toContain(scenario);
    expect(botsCommand.usage).toContain("--mix W,F,C");
  });

  test("bench-runtime runs on the real clock and writes the JSON it prints", async () => {
    const dir = mkdtempSync(join(tmpdir(), "argentum-bots-"));
    try {
      const file = join(dir, "nested", "bench.json");
      const io = memoryIo();
      const code = await botsCommand.run(
        ["bench-runtime", "--actors", "50", "--timers-per-actor", "2", "--duration", "0.5", "--warmup", "0.2", "--think", "constant:50,constant:100", "--json", file],
        io,
      );
      expect(code).toBe(0);
      const printed = JSON.parse(io.stdout.trim()) as Record<string, number | string | boolean>;
      expect(JSON.parse(readFileSync(file, "utf8"))).toEqual(printed);
      for (const key of ["actors", "timers", "cpu_pct", "fires_per_s", "timer_late_p50_ms", "timer_late_p99_ms", "loop_lag_p99_ms", "rss_mb"]) {
        expect(typeof printed[key]).toBe("number");
      }
      expect(printed.actors).toBe(50);
      expect(printed.timers).toBe(100);
      expect(printed.active_actors).toBe(50);
      expect(printed.think).toBe("constant:50,constant:100");
      // 50 timers every 50 ms and 50 every 100 ms: 1500 planned fires per second. How many land
      // inside a 0.5 s window depends on how busy the machine is (a stall at an edge moves fires
      // across it), so the count is bounded by the plan, not pinned to it: timers are open-loop,
      // so the window cannot hold more fires than were planned from the start to its end.
      const plannedPerS = 50 * (1_000 / 50) + 50 * (1_000 / 100);
      const firedInWindow = (printed.fires_per_s as number) * (printed.duration_s as number);
      expect(printed.fires_per_s as number).toBeGreaterThan(0);
      expect(firedInWindow).toBeLessThanOrEqual(plannedPerS * (0.2 + (printed.duration_s as number)) + 100);
      expect(printed.timer_late_p50_ms as number).toBeGreaterThanOrEqual(0);
      expect(io.stderr).toContain("measuring for 0.5 s");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("an unwritable --json file is a failure, not a crash", async () => {
    const io = memoryIo();
    const code = await botsCommand.run(["bench-runtime", "--actors", "5", "--duration", "0.05", "--warmup", "0", "--json", "/proc/argentum/nope.json"], io);
    expect(code).toBe(1);
    expect(io.stderr).toContain("cannot write /proc/argentum/nope.json");
  });
});
