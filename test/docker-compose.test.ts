/**
 * docker-compose.yml, checked for what it means (no Docker engine runs where the tests run): a
 * cluster of Postgres, NATS with JetStream, one gateway and two map nodes, every role of the
 * one image pointed at the same database, NATS server and cluster name, map nodes with names
 * of their own, the gateway publishing the game's ports, and the commands and settings it uses
 * being ones the executable accepts.
 */
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { CLUSTER_SETTINGS, SETTINGS } from "../src/config/index.ts";
import { COMMANDS } from "../src/cli/commands.ts";

const REPO_ROOT = resolve(import.meta.dir, "..");
const compose = readFileSync(join(REPO_ROOT, "docker-compose.yml"), "utf8");

/** The services' blocks: name → its indented lines (the file's own two-space layout). */
function services(text: string): Map<string, string> {
  const block = /^services:\n((?:(?: {2}.*)?\n)+)/m.exec(text)?.[1] ?? "";
  const out = new Map<string, string>();
  let current: string | undefined;
  for (const line of block.split("\n")) {
    const name = /^ {2}([A-Za-z0-9_-]+):\s*$/.exec(line)?.[1];
    if (name) {
      current = name;
      out.set(name, "");
    } else if (current && line.startsWith("    ")) out.set(current, `${out.get(current)}${line}\n`);
  }
  return out;
}

function commandOf(service: string): string[] {
  const raw = /^\s+command:\s*\[(.*)\]\s*$/m.exec(service)?.[1];
  return raw ? [...raw.matchAll(/"([^"]*)"/g)].map((match) => match[1]!) : [];
}

const all = services(compose);
const roles = [...all].filter(([, body]) => /image:\s*argentum-bun/.test(body));

describe("docker-compose.yml", () => {
  test("has Postgres, NATS with JetStream, one gateway and two map nodes", () => {
    expect(all.has("postgres")).toBe(true);
    expect(commandOf(all.get("nats") ?? "")).toContain("-js");
    const commands = roles.map(([, body]) => commandOf(body)[0]);
    expect(commands.filter((command) => command === "gateway")).toHaveLength(1);
    expect(commands.filter((command) => command === "mapnode")).toHaveLength(2);
  });

  test("every role runs a command of the executable, with settings it accepts", () => {
    const flags = new Set<string>(Object.values({ ...SETTINGS, ...CLUSTER_SETTINGS }).map((setting) => setting.flag));
    for (const [name, body] of roles) {
      const [command, ...args] = commandOf(body);
      expect(COMMANDS.map((known) => known.name)).toContain(command!);
      for (const arg of args.filter((value) => value.startsWith("--"))) expect({ service: name, flag: arg, known: flags.has(arg) }).toEqual({ service: name, flag: arg, known: true });
    }
  });

  test("all roles share one database, one NATS server and one cluster name, by the executable's variables", () => {
    const anchor = /^x-cluster-env: &cluster-env\n((?: {2}.*\n)+)/m.exec(compose)?.[1] ?? "";
    const env = new Map([...anchor.matchAll(/^ {2}([A-Z_]+):\s*(.+)$/gm)].map((match) => [match[1]!, match[2]!.trim()]));
    const variables = new Set<string>(Object.values({ ...SETTINGS, ...CLUSTER_SETTINGS }).map((setting) => setting.env));
    for (const name of env.keys()) expect({ name, known: variables.has(name) }).toEqual({ name, known: true });
    expect(env.get("DATABASE_URL")).toStartWith("postgres://");
    expect(env.get("DATABASE_URL")).toContain("@postgres:5432/");
    expect(env.get("AO_NATS_URL")).toBe("nats://nats:4222");
    expect(env.get("AO_CLUSTER")).toMatch(/^[A-Za-z0-9_-]+$/);
    for (const [, body] of roles) expect(body).toContain("environment: *cluster-env");
  });

  test("map nodes have names of their own, and the gateway publishes the game's ports", () => {
    const nodeIds = roles.filter(([, body]) => commandOf(body)[0] === "mapnode").map(([, body]) => commandOf(body)[commandOf(body).indexOf("--node-id") + 1]);
    expect(new Set(nodeIds).size).toBe(2);
    const gateway = roles.find(([, body]) => commandOf(body)[0] === "gateway")?.[1] ?? "";
    expect(gateway).toContain('"7667:7667"');
    expect(gateway).toContain('"8080:8080"');
  });

  test("the README tells how to start it", () => {
    const readme = readFileSync(join(REPO_ROOT, "README.md"), "utf8");
    expect(readme).toContain("docker compose up --build");
    expect(readme).toContain("/api/cluster");
  });

  test("the checks catch a broken file", () => {
    const broken = compose.replace('command: ["mapnode", "--node-id", "mapnode-2"]', 'command: ["mapnode", "--node-name", "mapnode-2"]');
    const node = services(broken).get("mapnode-2") ?? "";
    expect(commandOf(node)).toContain("--node-name");
    const flags = new Set<string>(Object.values({ ...SETTINGS, ...CLUSTER_SETTINGS }).map((setting) => setting.flag));
    expect(flags.has("--node-name")).toBe(false);
  });
});
