import { describe, expect, test } from "bun:test";
import { memoryIo } from "./command.ts";
import { protocolCommand } from "./protocol-command.ts";

async function run(...argv: string[]) {
  const io = memoryIo();
  const code = await protocolCommand.run(argv, io);
  return { code, stdout: io.stdout, stderr: io.stderr };
}

describe("argentum protocol decode", () => {
  test("prints one JSON line with the fields in wire order (§1.4 Walk)", async () => {
    const out = await run("decode", "--from", "client", "07 00 4E 00 03 01 00 00 00");
    expect(out.code).toBe(0);
    expect(out.stdout).toBe('{"id":78,"name":"Walk","fields":{"heading":3,"counter":1}}\n');
  });

  test("hex may be split over arguments, contiguous or with 0x prefixes", async () => {
    const split = await run("decode", "--from=server", "06", "00", "2C", "00", "05", "00", "32", "33");
    const joined = await run("decode", "--from", "server", "06002c0005003233");
    const prefixed = await run("decode", "--from", "server", "0x06,0x00,0x2c,0x00,0x05,0x00,0x32,0x33");
    const expected = '{"id":44,"name":"CharacterMove","fields":{"charIndex":5,"x":50,"y":51}}\n';
    for (const out of [split, joined, prefixed]) expect(out).toMatchObject({ code: 0, stdout: expected });
  });

  test("bytes print as hex, nested lists and UTF-8 strings decode", async () => {
    const debug = await run("decode", "--from", "server", "0F 00 01 00 01 01 0A 01 02 03 04 05 06 07 08 09 0A");
    expect(debug.stdout).toBe('{"id":1,"name":"Connected","fields":{"debugArray":{"bounds":[{"lowerBound":1,"count":10}],"data":"0102030405060708090a"}}}\n');
    const list = await run("decode", "--from", "server", "16 00 C7 00 01 AC 02 03 C3 91 61 01 82 01 03 01 32 33 0D 01 00 02 00 00");
    expect(JSON.parse(list.stdout)).toEqual({
      id: 199,
      name: "AccountCharacterList",
      fields: {
        characters: [
          { id: 300, name: "Ña", body: 1, head: 130, class: 3, map: 1, x: 50, y: 51, level: 13, status: 1, helmet: 0, shield: 2, weapon: 0, backpack: 0 },
        ],
      },
    });
  });

  test("--body decodes a WebSocket message (no length prefix)", async () => {
    const out = await run("decode", "--from", "server", "--body", "1F 00 32 33");
    expect(out.stdout).toBe('{"id":31,"name":"PosUpdate","fields":{"x":50,"y":51}}\n');
  });

  test("--all decodes every frame of a capture, one line each, reporting bad ones", async () => {
    const ok = await run("decode", "--all", "--from", "server", "06 00 2C 00 05 00 32 33 04 00 1F 00 32 33");
    expect(ok.code).toBe(0);
    expect(ok.stdout.trim().split("\n").map((l) => JSON.parse(l).name)).toEqual(["CharacterMove", "PosUpdate"]);
    const bad = await run("decode", "--all", "--from", "server", "03 00 CB 00 00 04 00 1F 00 32 33 05 00 1F");
    expect(bad.code).toBe(1);
    expect(bad.stdout.trim().split("\n").map((l) => JSON.parse(l).error ?? JSON.parse(l).name)).toEqual([
      "unknown_id",
      "PosUpdate",
      "truncated",
    ]);
  });

  test("protocol errors print {error: code, ...} and exit 1", async () => {
    const unknown = await run("decode", "--from", "client", "02 00 39 01");
    expect(unknown.code).toBe(1);
    expect(JSON.parse(unknown.stdout)).toMatchObject({ error: "unknown_id", id: 313, offset: 0 });
    const truncated = await run("decode", "--from", "client", "06 00 4E 00 03 01 00 00");
    expect(JSON.parse(truncated.stdout)).toMatchObject({ error: "truncated", name: "Walk", field: "counter", offset: 3 });
    const extra = await run("decode", "--from", "server", "05 00 1F 00 32 33 00");
    expect(JSON.parse(extra.stdout)).toMatchObject({ error: "extra_bytes", offset: 4 });
    const short = await run("decode", "--from", "server", "05 00 1F 00 32 33");
    expect(JSON.parse(short.stdout)).toMatchObject({ error: "truncated" });
    const empty = await run("decode", "--from", "server", "00 00");
    expect(JSON.parse(empty.stdout)).toMatchObject({ error: "empty_frame" });
    const badText = await run("decode", "--from", "client", "09 00 4B 00 02 C3 28 01 00 00 00");
    expect(JSON.parse(badText.stdout)).toMatchObject({ error: "bad_string", field: "text" });
  });

  test("bad usage exits 2 with a message on stderr", async () => {
    expect((await run("decode", "07 00 4E 00 03 01 00 00 00")).code).toBe(2);
    expect((await run("decode", "--from", "both", "07 00")).code).toBe(2);
    const badHex = await run("decode", "--from", "client", "07 0");
    expect(badHex.code).toBe(2);
    expect(badHex.stderr).toContain("hex");
    expect((await run("decode", "--from", "client")).code).toBe(2);
    expect((await run("decode", "--from", "client", "--frobnicate", "00")).code).toBe(2);
  });
});

describe("argentum protocol encode", () => {
  test("fields as a wire-order array print the whole frame in hex", async () => {
    const out = await run("encode", "--from", "server", '{"name":"CharacterMove","fields":[5,50,51]}');
    expect(out).toMatchObject({ code: 0, stdout: "06 00 2c 00 05 00 32 33\n" });
  });

  test("fields as an object, names case-insensitive, --body for WebSocket", async () => {
    const framed = await run("encode", "--from", "client", '{"name":"loginaccount","fields":{"email":"a@b.com","password":"secret"}}');
    expect(framed.stdout).toBe("11 00 31 01 07 61 40 62 2e 63 6f 6d 06 73 65 63 72 65 74\n");
    const body = await run("encode", "--from", "server", "--body", '{"name":"PosUpdate","fields":{"x":50,"y":51}}');
    expect(body.stdout).toBe("1f 00 32 33\n");
    const empty = await run("encode", "--from", "client", '{"name":"Quit"}');
    expect(empty.stdout).toBe("02 00 27 00\n");
  });

  test("decode output feeds back into encode", async () => {
    const frame = "0F 00 01 00 01 01 0A 01 02 03 04 05 06 07 08 09 0A";
    const decoded = await run("decode", "--from", "server", frame);
    const encoded = await run("encode", "--from", "server", decoded.stdout.trim());
    expect(encoded.stdout.trim()).toBe(frame.toLowerCase());
  });

  test("invalid fields print {error: bad_field} and exit 1; unknown names unknown_name", async () => {
    const range = await run("encode", "--from", "server", '{"name":"CharacterMove","fields":[5,300,51]}');
    expect(range.code).toBe(1);
    expect(JSON.parse(range.stdout)).toMatchObject({ error: "bad_field", field: "x", name: "CharacterMove" });
    const name = await run("encode", "--from", "server", '{"name":"Walk","fields":[1,2]}');
    expect(JSON.parse(name.stdout)).toMatchObject({ error: "unknown_name" });
  });

  test("unparsable JSON is bad usage", async () => {
    const out = await run("encode", "--from", "server", "{name:");
    expect(out.code).toBe(2);
    expect(out.stderr).toContain("JSON");
    expect((await run("encode", "--from", "server", "[1,2]")).code).toBe(2);
    expect((await run("encode", "--from", "server")).code).toBe(2);
  });
});

describe("argentum protocol ids", () => {
  test("lists both tables with layouts", async () => {
    const out = await run("ids");
    expect(out.code).toBe(0);
    expect(out.stdout).toContain("server → client (202 packets)");
    expect(out.stdout).toContain("client → server (312 packets)");
    expect(out.stdout).toMatch(/\n\s+44\s+CharacterMove\s+i16 charIndex, u8 x, u8 y\n/);
    expect(out.stdout).toMatch(/\n\s+78\s+Walk\s+u8 heading, i32 counter\n/);
    expect(out.stdout).toMatch(/\n\s+303\s+RequestLobbyList\s+bytes payload\s+\[opaque\]\n/);
  });

  test("--from and --json narrow and structure the listing", async () => {
    const out = await run("ids", "--from", "client", "--json");
    const rows = out.stdout.trim().split("\n").map((l) => JSON.parse(l));
    expect(rows.length).toBe(312);
    expect(rows[77]).toEqual({ from: "client", id: 78, name: "Walk", layout: "u8 heading, i32 counter", source: "reference" });
  });
});

describe("argentum protocol help", () => {
  test("--help prints usage and exits 0; no subcommand is bad usage", async () => {
    const help = await run("--help");
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("argentum protocol decode");
    expect((await run("decode", "--help")).code).toBe(0);
    expect((await run()).code).toBe(2);
    expect((await run("frobnicate")).code).toBe(2);
  });

  test("the command object fits the CLI contract", () => {
    expect(protocolCommand.name).toBe("protocol");
    expect(protocolCommand.summary.length).toBeGreaterThan(0);
    expect(protocolCommand.usage).toContain("usage: argentum protocol");
  });
});
