/**
 * Every client packet has a decision (issue 26): a system handles it, or the gateway (the login
 * steps), or its line in table.ts — exactly one of the three. A line for a packet a real system
 * claims fails here (and at start), so a new system must take its line out; a packet with no
 * answer fails here before it reaches a map. Then each line's handler answers as its state says,
 * with the plainest valid body of the packet (protocol `zeroClientFields`).
 */
import { describe, expect, test } from "bun:test";
import { LocaleId, MESSAGES } from "../../../game/messages/index.ts";
import { CLIENT_PACKETS, FontIndex, zeroClientFields, type ClientPacketName } from "../../../protocol/index.ts";
import { BUS_MESSAGE_KINDS } from "../../cross-map-bus.ts";
import { PACKET_HANDLERS, protocolCoverage, SYSTEM_TABLES } from "../../handlers.ts";
import { buildSystemTables, SystemTableError } from "../../kernel/index.ts";
import { summary, world } from "../../map-harness.test-support.ts";
import { SERVICE_NAMES } from "../../service-protocol.ts";
import { SYSTEMS } from "../index.ts";
import { decisions, GATEWAY_PACKETS, PACKET_DECISIONS } from "./index.ts";

const ALL = Object.keys(CLIENT_PACKETS) as ClientPacketName[];
const DECIDED = Object.keys(PACKET_DECISIONS) as ClientPacketName[];
const GATEWAY = Object.keys(GATEWAY_PACKETS) as ClientPacketName[];
const AREAS = ["quests", "work", "society", "ways-of-the-world", "everyday", "staff", "unscheduled"];

describe("every client packet has a decision", () => {
  test("each of the 312 client packets has exactly one answer: a system, the gateway or a decision line", () => {
    expect(ALL).toHaveLength(312);
    expect(protocolCoverage().conflicts).toEqual([]);
    expect(protocolCoverage().rows.map((row) => row.name).sort()).toEqual([...ALL].sort());
  });

  test("no client packet reaches a map without a handler: the map's table lists every packet but the gateway's login steps", () => {
    expect(ALL.filter((name) => PACKET_HANDLERS[name] === undefined).sort()).toEqual([...GATEWAY].sort());
    expect(GATEWAY.sort()).toEqual(["CreateAccount", "LoginAccount", "LoginExistingChar", "LoginNewChar"]);
  });

  test("a decision line for a packet a real system claims fails: the systems without `decisions` claim none of the decided packets", () => {
    const real = buildSystemTables(
      SYSTEMS.filter((system) => system !== decisions),
      BUS_MESSAGE_KINDS,
      SERVICE_NAMES,
    );
    const claimedAndDecided = DECIDED.filter((name) => real.owners.packets.has(name));
    expect(claimedAndDecided).toEqual([]);
    expect(GATEWAY.filter((name) => real.owners.packets.has(name) || PACKET_DECISIONS[name] !== undefined)).toEqual([]);
    // And a system that claims a decided packet without taking its line out is refused at start.
    const claimsKey = { name: "keys", packets: { UseKey: () => {} } };
    expect(() => buildSystemTables([...SYSTEMS, claimsKey], BUS_MESSAGE_KINDS, SERVICE_NAMES)).toThrow(SystemTableError);
  });

  test("the decisions system handles exactly the decided packets", () => {
    const owned = ALL.filter((name) => SYSTEM_TABLES.owners.packets.get(name) === "decisions");
    expect(owned.sort()).toEqual([...DECIDED].sort());
  });

  test("every line says why; a planned one names a known area", () => {
    for (const name of DECIDED) {
      const decision = PACKET_DECISIONS[name]!;
      expect({ name, reason: decision.reason.trim().length >= 12 }).toEqual({ name, reason: true });
      if (decision.state === "planned") expect(AREAS).toContain(decision.area);
    }
    for (const name of GATEWAY) expect(GATEWAY_PACKETS[name]!.length).toBeGreaterThan(10);
  });
});

describe("each decision answers as its line says", () => {
  const notAvailable = MESSAGES.notAvailableYet();
  const notAvailableLine = notAvailable.kind === "console" ? `ConsoleMsg[${notAvailable.font}] ${notAvailable.text}` : "";

  test("with the plainest valid body of each decided packet: disabled says VB6's line, planned says 'not available yet' (quiet: nothing), ignored nothing", () => {
    const w = world();
    w.enter(1, "Ana", 10, 10);
    w.drain();
    const heard: Record<string, string[]> = {};
    for (const name of DECIDED) {
      expect({ name, outcome: w.server.act(1, name, zeroClientFields(name)) }).toEqual({ name, outcome: "handled" });
      heard[name] = w.drain().map(summary);
    }
    expect(w.faults).toEqual([]);
    expect(w.unhandled).toEqual([]);
    for (const name of DECIDED) {
      const decision = PACKET_DECISIONS[name]!;
      const lines = heard[name]!;
      if (decision.state === "disabled") {
        const answer = decision.answer();
        expect(answer.kind).toBe("locale");
        expect({ name, lines }).toEqual({ name, lines: [`LocaleMsg[${answer.font}] ${answer.kind === "locale" ? answer.id : 0} `] });
      } else if (decision.state === "planned" && decision.quiet !== true) {
        expect({ name, lines }).toEqual({ name, lines: [notAvailableLine] });
      } else {
        expect({ name, lines }).toEqual({ name, lines: [] });
      }
    }
  });

  test("the clan relations and elections lines are VB6's ids: 1799 and 1801 in the clan font, 1145–1151, 1154 and 1172 in the info font", () => {
    expect(PACKET_DECISIONS.GuildAcceptPeace).toMatchObject({ state: "disabled" });
    const said = (name: ClientPacketName) => {
      const decision = PACKET_DECISIONS[name]!;
      return decision.state === "disabled" ? decision.answer() : null;
    };
    expect(said("GuildAcceptPeace")).toEqual({ kind: "locale", id: LocaleId.ClanRelationsCannotUpdate, params: "", font: FontIndex.Guild });
    expect(said("GuildOfferPeace")).toEqual({ kind: "locale", id: 1801, params: "", font: FontIndex.Guild });
    expect(said("GuildDeclareWar")).toEqual({ kind: "locale", id: 1151, params: "", font: FontIndex.Info });
    expect(said("GuildVote")).toEqual({ kind: "locale", id: 1172, params: "", font: FontIndex.Info });
    expect(said("GuildOpenElections")).toEqual({ kind: "locale", id: 1154, params: "", font: FontIndex.Info });
  });
});
