/**
 * The chat line parser on its own: each prefix, every command of the table, argument checks,
 * unknown commands, and hostile lines (empty, lone prefixes, huge, odd Unicode).
 */
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { CLIENT_PACKETS, clientCodec, type ClientPacketName } from "../protocol/index.ts";
import { CHAT_COMMANDS, MAX_DESCRIPTION_CHARS, parseChatLine, type ChatCommandPacket, type ChatIntent } from "./chat-input.ts";
import { MAX_CHAT_INPUT_CHARS } from "./constants.ts";
import { CHAT_TEXT } from "./ui-text.ts";

const unknown: ChatIntent = { kind: "local", message: CHAT_TEXT.unknownCommand };
const whisperUsage: ChatIntent = { kind: "local", message: CHAT_TEXT.whisperUsage };
const usage = (command: string, args: string): ChatIntent => ({ kind: "local", message: CHAT_TEXT.usage(command, args) });
const command = (packet: ChatCommandPacket, fields: object = {}): ChatIntent => ({ kind: "command", packet, fields }) as ChatIntent;

/** The packet an intent would put on the wire (counters as the outbox would fill them). */
function encodeIntent(intent: ChatIntent): { ok: boolean; name: ClientPacketName | null } {
  switch (intent.kind) {
    case "talk":
      return { ok: clientCodec.encode("Talk", { text: intent.text, counter: 1 }).ok, name: "Talk" };
    case "yell":
      return { ok: clientCodec.encode("Yell", { text: intent.text }).ok, name: "Yell" };
    case "whisper":
      return { ok: clientCodec.encode("Whisper", { targetName: intent.target, text: intent.text }).ok, name: "Whisper" };
    case "command": {
      const needsCounter = CLIENT_PACKETS[intent.packet].layout.some((node) => node.kind === "field" && node.name === "counter");
      const fields: object = intent.fields;
      return { ok: clientCodec.encode(intent.packet, needsCounter ? { ...fields, counter: 1 } : fields).ok, name: intent.packet };
    }
    default:
      return { ok: true, name: null };
  }
}

describe("prefixes", () => {
  test("plain text is said out loud, trimmed", () => {
    expect(parseChatLine("hola")).toEqual({ kind: "talk", text: "hola" });
    expect(parseChatLine("  buen día  ")).toEqual({ kind: "talk", text: "buen día" });
    expect(parseChatLine("a-b \\c /d")).toEqual({ kind: "talk", text: "a-b \\c /d" });
  });

  test("empty and whitespace-only lines mean nothing", () => {
    for (const line of ["", " ", "\t", "   \n ", "\u00a0\u3000"]) expect(parseChatLine(line)).toEqual({ kind: "nothing" });
  });

  test("-text yells the text without the dash", () => {
    expect(parseChatLine("-hola")).toEqual({ kind: "yell", text: "hola" });
    expect(parseChatLine("- ¡AUXILIO! ")).toEqual({ kind: "yell", text: "¡AUXILIO!" });
    expect(parseChatLine("--")).toEqual({ kind: "yell", text: "-" });
    expect(parseChatLine("  -hola")).toEqual({ kind: "yell", text: "hola" });
  });

  test("a lone dash says nothing, like the stock client", () => {
    expect(parseChatLine("-")).toEqual({ kind: "nothing" });
    expect(parseChatLine("-   ")).toEqual({ kind: "nothing" });
  });

  test("\\name text whispers; the name is the first word", () => {
    expect(parseChatLine("\\Ana hola")).toEqual({ kind: "whisper", target: "Ana", text: "hola" });
    expect(parseChatLine("\\Ana   hola, ¿qué tal?  ")).toEqual({ kind: "whisper", target: "Ana", text: "hola, ¿qué tal?" });
    expect(parseChatLine("\\Ñandú 😀")).toEqual({ kind: "whisper", target: "Ñandú", text: "😀" });
  });

  test("a whisper without text, or without a name, only explains the syntax", () => {
    for (const line of ["\\Ana", "\\Ana   ", "\\", "\\ ", "\\\\\\"]) expect(parseChatLine(line)).toEqual(whisperUsage);
  });

  test(";text goes to the global channel, without tildes", () => {
    expect(parseChatLine(";hola a todos")).toEqual(command("GlobalMessage", { text: "hola a todos" }));
    expect(parseChatLine(";a~b~")).toEqual(command("GlobalMessage", { text: "ab" }));
    expect(parseChatLine(";")).toEqual({ kind: "nothing" });
    expect(parseChatLine(";~~")).toEqual(usage("CONSOLA", CHAT_TEXT.args.message));
  });
});

describe("commands", () => {
  test("the commands named in the brief map to their packets", () => {
    const cases: [string, ChatCommandPacket][] = [
      ["/SALIR", "Quit"],
      ["/ONLINE", "Online"],
      ["/MOTD", "RequestMOTD"],
      ["/UPTIME", "UpTime"],
      ["/MEDITAR", "Meditate"],
      ["/DESCANSAR", "Rest"],
      ["/EST", "RequestStats"],
      ["/AYUDA", "Help"],
      ["/COMERCIAR", "CommerceStart"],
      ["/BOVEDA", "BankStart"],
      ["/INFORMACION", "Information"],
      ["/RESUCITAR", "Resucitate"],
      ["/CURAR", "Heal"],
      ["/ENTRENAR", "TrainList"],
      ["/QUIETO", "PetStand"],
      ["/ACOMPAÑAR", "PetFollow"],
      ["/LIBERAR", "PetLeave"],
      ["/BALANCE", "RequestAccountState"],
    ];
    for (const [line, packet] of cases) expect({ line, intent: parseChatLine(line) }).toEqual({ line, intent: command(packet) });
  });

  test("the staff commands of the server are typed as in the stock client (the server decides who may)", () => {
    expect(parseChatLine("/gmsg hola equipo")).toEqual(command("GMMessage", { text: "hola equipo" }));
    expect(parseChatLine("/RMSG reinicio en 5")).toEqual(command("ServerMessage", { text: "reinicio en 5" }));
    for (const line of ["/rem vi un bug", "/log vi un bug", "/anotar vi un bug"]) expect(parseChatLine(line)).toEqual(command("Comment", { text: "vi un bug" }));
    for (const line of ["/echar Juan Perez", "/throw Juan Perez"]) expect(parseChatLine(line)).toEqual(command("Kick", { userName: "Juan Perez" }));
    expect(parseChatLine("/echar")).toEqual(usage("ECHAR", CHAT_TEXT.args.name));
    expect(parseChatLine("/gmsg")).toEqual(usage("GMSG", CHAT_TEXT.args.message));
    expect(parseChatLine("/ban Juan Perez@uso de macros @ noche")).toEqual(command("BanChar", { userName: "Juan Perez", reason: "uso de macros @ noche" }));
    expect(parseChatLine("/BANCUENTA Juan@cuentas")).toEqual(command("BanCuenta", { userName: "Juan", reason: "cuentas" }));
    for (const line of ["/ban Juan", "/ban Juan@", "/ban @motivo"]) expect(parseChatLine(line)).toEqual(usage("BAN", CHAT_TEXT.args.nameAndReason));
    expect(parseChatLine("/unban Juan Perez")).toEqual(command("UnbanChar", { userName: "Juan Perez" }));
    expect(parseChatLine("/unbancuenta Juan")).toEqual(command("UnbanCuenta", { userName: "Juan" }));
  });

  test("commands are case-insensitive, aliases included", () => {
    for (const line of ["/salir", "/Salir", "/sAlIr", "/EXIT", "/exit"]) expect(parseChatLine(line)).toEqual(command("Quit"));
    for (const line of ["/acompañar", "/ACOMPAÑAR", "/acompanar", "/accompany", "/acompan\u0303ar"]) expect(parseChatLine(line)).toEqual(command("PetFollow"));
  });

  test("commands without arguments ignore extra words, as the stock client does", () => {
    expect(parseChatLine("/meditar ya")).toEqual(command("Meditate"));
    expect(parseChatLine("  /online   ahora  ")).toEqual(command("Online"));
  });

  test("/RETIRARFACCION refuses arguments instead of leaving the faction on a typo", () => {
    expect(parseChatLine("/retirarfaccion")).toEqual(command("LeaveFaction"));
    expect(parseChatLine("/retirarfaccion 100")).toEqual(usage("RETIRARFACCION", CHAT_TEXT.args.none));
  });

  test("message commands send the rest of the line and need some", () => {
    expect(parseChatLine("/cmsg hola clan")).toEqual(command("GuildMessage", { text: "hola clan" }));
    expect(parseChatLine("/GRUPO vamos")).toEqual(command("GrupoMsg", { text: "vamos" }));
    expect(parseChatLine("/cluster vamos")).toEqual(command("GrupoMsg", { text: "vamos" }));
    expect(parseChatLine("/bmsg consejo")).toEqual(command("CouncilMessage", { text: "consejo" }));
    expect(parseChatLine("/fmsg facción")).toEqual(command("FactionMessage", { text: "facción" }));
    expect(parseChatLine("/rol ¿cómo llego?")).toEqual(command("RoleMasterRequest", { text: "¿cómo llego?" }));
    expect(parseChatLine("/consola hola ~mundo")).toEqual(command("GlobalMessage", { text: "hola mundo" }));
    expect(parseChatLine("/CMSG")).toEqual(usage("CMSG", CHAT_TEXT.args.message));
    expect(parseChatLine("/cmsg    ")).toEqual(usage("CMSG", CHAT_TEXT.args.message));
    expect(parseChatLine("/grupo")).toEqual(usage("GRUPO", CHAT_TEXT.args.message));
  });

  test("name commands send the name (names may have spaces)", () => {
    expect(parseChatLine("/voto Ana")).toEqual(command("GuildVote", { userName: "Ana" }));
    expect(parseChatLine("/penas Ana Maria")).toEqual(command("Punishments", { userName: "Ana Maria" }));
    expect(parseChatLine("/denunciar Ana")).toEqual(command("Denounce", { name: "Ana" }));
    expect(parseChatLine("/proponer Ana")).toEqual(command("Casarse", { userName: "Ana" }));
    expect(parseChatLine("/aceptar Ana")).toEqual(command("AcceptDuel", { offerer: "Ana" }));
    expect(parseChatLine("/vote")).toEqual(usage("VOTE", CHAT_TEXT.args.name));
    expect(parseChatLine("/PENAS")).toEqual(usage("PENAS", CHAT_TEXT.args.name));
  });

  test("amounts are whole numbers from 1 to the field's maximum", () => {
    expect(parseChatLine("/depositar 100")).toEqual(command("BankDepositGold", { amount: 100 }));
    expect(parseChatLine("/retirar +7")).toEqual(command("BankExtractGold", { amount: 7 }));
    expect(parseChatLine("/donar 2147483647")).toEqual(command("DonateGold", { gold: 2_147_483_647 }));
    expect(parseChatLine("/ofertainicial 5")).toEqual(command("OfertaInicial", { offer: 5 }));
    expect(parseChatLine("/ofertar 6")).toEqual(command("OfertaDeSubasta", { bid: 6 }));
    expect(parseChatLine("/apostar 32767")).toEqual(command("Gamble", { amount: 32_767 }));
    const bad = usage("DEPOSITAR", CHAT_TEXT.args.amount);
    for (const args of ["", "0", "-5", "abc", "1e3", "1.5", "&H10", "2147483648", "99999999999", "10 20", "٣"]) {
      expect({ args, intent: parseChatLine(`/depositar ${args}`) }).toEqual({ args, intent: bad });
    }
    expect(parseChatLine("/apostar 32768")).toEqual(usage("APOSTAR", CHAT_TEXT.args.amount));
  });

  test("usage hints name the command as typed", () => {
    expect(parseChatLine("/deposit muchos")).toEqual(usage("DEPOSIT", CHAT_TEXT.args.amount));
    expect((parseChatLine("/bet") as { message: string }).message).toBe(`Uso: /BET ${CHAT_TEXT.args.amount}`);
  });

  test("/DESC sets, clears, and refuses long or dashed descriptions", () => {
    expect(parseChatLine("/desc soy un mago")).toEqual(command("ChangeDescription", { description: "soy un mago" }));
    expect(parseChatLine("/desc")).toEqual(command("ChangeDescription", { description: "" }));
    expect(parseChatLine(`/desc ${"a".repeat(MAX_DESCRIPTION_CHARS)}`)).toEqual(command("ChangeDescription", { description: "a".repeat(MAX_DESCRIPTION_CHARS) }));
    expect(parseChatLine(`/desc ${"a".repeat(MAX_DESCRIPTION_CHARS + 1)}`)).toEqual({ kind: "local", message: CHAT_TEXT.descriptionTooLong(MAX_DESCRIPTION_CHARS) });
    expect(parseChatLine("/desc mago - guerrero")).toEqual({ kind: "local", message: CHAT_TEXT.descriptionDash });
  });

  test("/PARTICIPAR takes an optional room and password", () => {
    expect(parseChatLine("/participar")).toEqual(command("Participar", { roomId: -1, password: "" }));
    expect(parseChatLine("/participar 3")).toEqual(command("Participar", { roomId: 3, password: "" }));
    expect(parseChatLine("/participate 3  clave")).toEqual(command("Participar", { roomId: 3, password: "clave" }));
    for (const args of ["x", "-1", "40000", "3x"]) expect(parseChatLine(`/participar ${args}`)).toEqual(usage("PARTICIPAR", CHAT_TEXT.args.room));
  });

  test("/CASTLE takes ADD or REMOVE and one name", () => {
    expect(parseChatLine("/castle add Ana")).toEqual(command("ModifyCastleWhiteList", { command: "ADD Ana" }));
    expect(parseChatLine("/CASTLE   remove    Ana ")).toEqual(command("ModifyCastleWhiteList", { command: "REMOVE Ana" }));
    for (const args of ["", "ADD", "KICK Ana", "ADD Ana Maria"]) expect(parseChatLine(`/castle ${args}`)).toEqual(usage("CASTLE", CHAT_TEXT.args.castle));
  });

  test("unknown commands are answered locally and never said out loud", () => {
    for (const line of ["/foo", "/FOO bar", "/", "/ ", "/ hola", "//", "/salir2", "/SALIRR", "/ＳＡＬＩＲ", "/😀"]) {
      expect({ line, intent: parseChatLine(line) }).toEqual({ line, intent: unknown });
    }
  });

  test("GM commands whose effect the server does not have yet are not in the table", () => {
    for (const line of ["/MOD Ana", "/NAVE", "/SUMALL Ana"]) {
      expect({ line, intent: parseChatLine(line) }).toEqual({ line, intent: unknown });
    }
  });
});

describe("the command table", () => {
  test("names are unique, upper case, NFC and slash-free", () => {
    const names = CHAT_COMMANDS.flatMap((c) => c.names);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) {
      expect(name).toBe(name.normalize("NFC").toUpperCase());
      // Letters, and digits after the first (the stock client's /NICK2IP, /IP2NICK).
      expect(name).toMatch(/^[A-ZÑ][A-ZÑ0-9]*$/);
    }
  });

  test("every command, given plausible arguments, parses to a packet that encodes", () => {
    const samples = ["", "hola", "Ana", "100", "ADD Ana", "3 clave", "Ana@spam", "Ana@5", "Ana@spam@5", "Ana@2@texto", "Ana 1 50 50", "1 50 50", "SEGURO 1", "10.0.0.7", "DROPITEMS 1"];
    for (const spec of CHAT_COMMANDS) {
      for (const name of spec.names) {
        // A command with a bare form (`/TRIGGER`, `/CC`) sends that one with no arguments: skip it.
        const intent = samples.map((args) => parseChatLine(`/${name.toLowerCase()} ${args}`)).find((i) => i.kind === "command" && i.packet !== spec.bare?.packet);
        expect({ name, packet: intent?.kind === "command" ? intent.packet : null }).toEqual({ name, packet: spec.packet });
        expect({ name, encoded: encodeIntent(intent!).ok }).toEqual({ name, encoded: true });
      }
    }
  });
});

describe("hostile lines", () => {
  test("lines are cut to the chat box's length, never through an emoji", () => {
    const long = parseChatLine("a".repeat(10_000));
    expect(long).toEqual({ kind: "talk", text: "a".repeat(MAX_CHAT_INPUT_CHARS) });
    const emoji = parseChatLine("a".repeat(MAX_CHAT_INPUT_CHARS - 1) + "😀😀");
    expect(emoji).toEqual({ kind: "talk", text: "a".repeat(MAX_CHAT_INPUT_CHARS - 1) });
    expect(parseChatLine("-".repeat(1_000))).toEqual({ kind: "yell", text: "-".repeat(MAX_CHAT_INPUT_CHARS - 1) });
    expect(parseChatLine("/".repeat(1_000))).toEqual(unknown);
    expect(parseChatLine("\\".repeat(1_000))).toEqual(whisperUsage);
    expect(parseChatLine(`/cmsg ${"ñ".repeat(1_000)}`)).toEqual(command("GuildMessage", { text: "ñ".repeat(MAX_CHAT_INPUT_CHARS - "/cmsg ".length) }));
  });

  test("Unicode text passes through untouched", () => {
    for (const text of ["¡Hola, señor! ¿Qué tal?", "😀🐉 عربى 中文", "e\u0301"]) {
      expect(parseChatLine(text)).toEqual({ kind: "talk", text });
      expect(parseChatLine(`-${text}`)).toEqual({ kind: "yell", text });
    }
  });

  test("any line: never throws, a /line is never talk, and what would be sent encodes", () => {
    const line = fc.oneof(
      fc.string({ maxLength: 300, unit: "grapheme" }),
      fc.string({ maxLength: 300, unit: "binary" }),
      fc.tuple(fc.constantFrom("/", "-", "\\", ";", " /", "/cmsg ", "/depositar ", "/desc ", "/castle ", "\\Ana "), fc.string({ maxLength: 250, unit: "binary" })).map(([a, b]) => a + b),
    );
    fc.assert(
      fc.property(line, (raw) => {
        const intent = parseChatLine(raw);
        if (raw.trimStart().startsWith("/")) expect(intent.kind).not.toBe("talk");
        if (intent.kind === "talk" || intent.kind === "yell" || intent.kind === "whisper") {
          expect(intent.text.length).toBeGreaterThan(0);
          expect(intent.text.length).toBeLessThanOrEqual(MAX_CHAT_INPUT_CHARS);
          expect(intent.text).toBe(intent.text.trim());
        }
        expect(encodeIntent(intent).ok).toBe(true);
      }),
      { numRuns: 3_000 },
    );
  });
});

describe("moderation commands typed in the browser", () => {
  test("/SILENCIAR, /CARCEL, /ADVERTENCIA and /BORRARPENA send the stock client's packets; malformed ones are answered locally", () => {
    expect(parseChatLine("/SILENCIAR Pepe@5")).toEqual({ kind: "command", packet: "Silence", fields: { userName: "Pepe", minutes: 5 } } as never);
    expect(parseChatLine("/silenciar Pepe@0")).toEqual({ kind: "command", packet: "Silence", fields: { userName: "Pepe", minutes: 0 } } as never);
    expect(parseChatLine("/CARCEL Pepe@insultos@10")).toEqual({ kind: "command", packet: "Jail", fields: { userName: "Pepe", reason: "insultos", time: 10 } } as never);
    expect(parseChatLine("/ADVERTENCIA Pepe@spam")).toEqual({ kind: "command", packet: "WarnUser", fields: { userName: "Pepe", reason: "spam" } } as never);
    expect(parseChatLine("/BORRARPENA Pepe@2@error@mío")).toEqual({ kind: "command", packet: "RemovePunishment", fields: { userName: "Pepe", punishment: 2, newText: "error@mío" } } as never);
    for (const line of ["/SILENCIAR Pepe", "/SILENCIAR Pepe@x", "/CARCEL Pepe@10", "/CARCEL Pepe@x@y", "/BORRARPENA Pepe@300@x", "/ADVERTENCIA Pepe"]) expect(parseChatLine(line).kind).toBe("local");
  });

  test("/GM texto sends a help request in the form's first category; /DENUNCIAR nick@motivo carries the reason after the name; bare ones answered locally", () => {
    expect(parseChatLine("/GM  me quedé trabado ")).toEqual(command("QuestionGM", { question: "me quedé trabado", questionType: "Consulta regular" }));
    expect(parseChatLine("/gm")).toEqual(usage("GM", CHAT_TEXT.args.message));
    expect(parseChatLine("/DENUNCIAR Pepe@me insulta")).toEqual(command("Denounce", { name: "Pepe@me insulta" }));
    expect(parseChatLine("/DENUNCIAR Pepe @ ")).toEqual(command("Denounce", { name: "Pepe" }));
    expect(parseChatLine("/DENUNCIAR @spam")).toEqual(usage("DENUNCIAR", CHAT_TEXT.args.nameAndOptionalReason));
    expect(encodeIntent(parseChatLine("/GM hola"))).toEqual({ ok: true, name: "QuestionGM" });
  });
});

describe("staff sounds and the anti-macro note typed in the browser", () => {
  test("/FORCEMIDI, /FORCEWAV, /FORCEMIDIMAP, /FORCEWAVMAP and /MENSAJEANTIMACRO as the stock client reads them; malformed ones are answered locally", () => {
    expect(parseChatLine("/FORCEMIDI 7")).toEqual({ kind: "command", packet: "ForceMIDIAll", fields: { midi: 7 } } as never);
    expect(parseChatLine("/forcewav 255")).toEqual({ kind: "command", packet: "ForceWAVEAll", fields: { wave: 255 } } as never);
    expect(parseChatLine("/FORCEMIDIMAP 3")).toEqual({ kind: "command", packet: "ForceMIDIToMap", fields: { midi: 3, map: 0 } } as never);
    expect(parseChatLine("/FORCEMIDIMAP 3 44")).toEqual({ kind: "command", packet: "ForceMIDIToMap", fields: { midi: 3, map: 44 } } as never);
    expect(parseChatLine("/FORCEWAVMAP 9")).toEqual({ kind: "command", packet: "ForceWAVEToMap", fields: { wave: 9, map: 0, x: 0, y: 0 } } as never);
    expect(parseChatLine("/FORCEWAVMAP 9 1 50 60")).toEqual({ kind: "command", packet: "ForceWAVEToMap", fields: { wave: 9, map: 1, x: 50, y: 60 } } as never);
    expect(parseChatLine("/CHATCOLOR 255 128 0")).toEqual({ kind: "command", packet: "ChatColor", fields: { red: 255, green: 128, blue: 0 } } as never);
    expect(parseChatLine("/CHATCOLOR")).toEqual({ kind: "command", packet: "ChatColor", fields: { red: 0, green: 255, blue: 0 } } as never);
    expect(parseChatLine("/CHATCOLOR 1 2").kind).toBe("local");
    expect(parseChatLine("/IGNORADO")).toEqual({ kind: "command", packet: "Ignored", fields: {} } as never);
    expect(parseChatLine("/CR 10")).toEqual({ kind: "command", packet: "CuentaRegresiva", fields: { seconds: 10 } } as never);
    expect(parseChatLine("/MENSAJEANTIMACRO Pepe@¿estás ahí? @ 2")).toEqual({ kind: "command", packet: "AntiMacroMessage", fields: { userName: "Pepe", message: "¿estás ahí? @ 2" } } as never);
    for (const line of ["/FORCEMIDI", "/FORCEMIDI 256", "/FORCEMIDI -1", "/FORCEMIDI 7 8", "/FORCEMIDIMAP x", "/FORCEMIDIMAP 3 99999", "/FORCEWAVMAP 9 1 50", "/FORCEWAVMAP 9 1 50 300", "/MENSAJEANTIMACRO Pepe", "/MENSAJEANTIMACRO @hola", "/CR", "/CR 300"]) {
      expect({ line, kind: parseChatLine(line).kind }).toEqual({ line, kind: "local" });
    }
  });
});

describe("staff movement and character commands typed in the browser (gm-move)", () => {
  test("/TELEP, /TELEPLOC, /IRA, /SUM, /IRCERCA, /INVISIBLE send the stock client's packets (/TELEP nick map alone goes to 50, 50; /IRA and /SUM without a name: the clicked player)", () => {
    expect(parseChatLine("/TELEP Pepe 1 30 40")).toEqual({ kind: "command", packet: "WarpChar", fields: { userName: "Pepe", map: 1, x: 30, y: 40 } } as never);
    expect(parseChatLine("/telep YO 300")).toEqual({ kind: "command", packet: "WarpChar", fields: { userName: "YO", map: 300, x: 50, y: 50 } } as never);
    expect(parseChatLine("/TELEPLOC")).toEqual({ kind: "command", packet: "WarpMeToTarget", fields: {} } as never);
    expect(parseChatLine("/IRA Pepe")).toEqual({ kind: "command", packet: "GoToChar", fields: { userName: "Pepe" } } as never);
    expect(parseChatLine("/SUM")).toEqual({ kind: "command", packet: "SummonChar", fields: { userName: "" } } as never);
    expect(parseChatLine("/IRCERCA Pepe")).toEqual({ kind: "command", packet: "GoNearby", fields: { userName: "Pepe" } } as never);
    expect(parseChatLine("/INVISIBLE")).toEqual({ kind: "command", packet: "Invisible", fields: {} } as never);
    expect(parseChatLine("/GO 3")).toEqual({ kind: "command", packet: "WarpChar", fields: { userName: "YO", map: 3, x: 50, y: 50 } } as never);
    expect(parseChatLine("/GO Pepe")).toEqual({ kind: "command", packet: "GoToChar", fields: { userName: "Pepe" } } as never);
    for (const line of ["/TELEP Pepe", "/TELEP Pepe x", "/TELEP Pepe 0", "/TELEP Pepe 1 30", "/TELEP Pepe 1 0 40", "/TELEP Pepe 1 30 256", "/TELEP Pepe 40000", "/IRCERCA"]) expect(parseChatLine(line).kind).toBe("local");
  });

  test("/CI, /DAR, /REVIVIR, /EJECUTAR, /ESTUPIDO, /NOESTUPIDO; amounts of the i16 range go as typed (the server refuses 0 and less, G28)", () => {
    expect(parseChatLine("/CI 38")).toEqual({ kind: "command", packet: "CreateItem", fields: { objIndex: 38, amount: 1 } } as never);
    expect(parseChatLine("/CI 38 100")).toEqual({ kind: "command", packet: "CreateItem", fields: { objIndex: 38, amount: 100 } } as never);
    expect(parseChatLine("/CI 38 -5")).toEqual({ kind: "command", packet: "CreateItem", fields: { objIndex: 38, amount: -5 } } as never);
    expect(parseChatLine("/DAR Pepe@premio@38@5")).toEqual({ kind: "command", packet: "GiveItem", fields: { userName: "Pepe", objIndex: 38, amount: 5, reason: "premio" } } as never);
    expect(parseChatLine("/DAR Pepe@premio@38")).toEqual({ kind: "command", packet: "GiveItem", fields: { userName: "Pepe", objIndex: 38, amount: 1, reason: "premio" } } as never);
    expect(parseChatLine("/REVIVIR YO")).toEqual({ kind: "command", packet: "ReviveChar", fields: { userName: "YO" } } as never);
    expect(parseChatLine("/EJECUTAR Pepe")).toEqual({ kind: "command", packet: "Execute", fields: { userName: "Pepe" } } as never);
    expect(parseChatLine("/ESTUPIDO Pepe")).toEqual({ kind: "command", packet: "MakeDumb", fields: { userName: "Pepe" } } as never);
    expect(parseChatLine("/NOESTUPIDO Pepe")).toEqual({ kind: "command", packet: "MakeDumbNoMore", fields: { userName: "Pepe" } } as never);
    for (const line of ["/CI", "/CI x", "/CI 38 x", "/CI 99999", "/DAR Pepe@38", "/DAR @premio@38", "/DAR Pepe@@38", "/DAR Pepe@premio@x", "/DAR Pepe@premio@38@5@6", "/REVIVIR", "/EJECUTAR"]) expect(parseChatLine(line).kind).toBe("local");
  });
});

// -- staff on the GM's map (gm-world)
describe("world, NPC and map commands typed in the browser", () => {
  const command = (packet: string, fields: Record<string, unknown> = {}) => ({ kind: "command", packet, fields }) as never;
  test("each sends the stock client's packet; bare /CC and /TRIGGER ask, with a number they act", () => {
    expect(parseChatLine("/RMATA")).toEqual(command("KillNPC"));
    expect(parseChatLine("/mata")).toEqual(command("KillNPCNoRespawn"));
    expect(parseChatLine("/MASSKILL")).toEqual(command("KillAllNearbyNPCs"));
    expect(parseChatLine("/CC")).toEqual(command("SpawnListRequest"));
    expect(parseChatLine("/CC 8")).toEqual(command("SpawnCreature", { creatureIndex: 8 }));
    expect(parseChatLine("/ACC 4")).toEqual(command("CreateNPC", { npcIndex: 4 }));
    expect(parseChatLine("/RACC 4")).toEqual(command("CreateNPCWithRespawn", { npcIndex: 4 }));
    expect(parseChatLine("/RESETINV")).toEqual(command("ResetNPCInventory"));
    expect(parseChatLine("/DEST")).toEqual(command("DestroyItems"));
    expect(parseChatLine("/MASSDEST")).toEqual(command("DestroyAllItemsInArea"));
    expect(parseChatLine("/LIMPIAR")).toEqual(command("CleanWorld"));
    expect(parseChatLine("/PISO")).toEqual(command("ItemsInTheFloor"));
    expect(parseChatLine("/TRIGGER")).toEqual(command("AskTrigger"));
    expect(parseChatLine("/TRIGGER 6")).toEqual(command("SetTrigger", { trigger: 6 }));
    expect(parseChatLine("/BLOQ")).toEqual(command("TileBlockedToggle"));
    expect(parseChatLine("/ECHARTODOSPJS")).toEqual(command("KickAllChars"));
    expect(parseChatLine("/CT 1 50 60")).toEqual(command("TeleportCreate", { map: 1, x: 50, y: 60, radius: 1, reason: "" }));
    expect(parseChatLine("/CT 2 5 6 3 @evento de hoy")).toEqual(command("TeleportCreate", { map: 2, x: 5, y: 6, radius: 3, reason: "evento de hoy" }));
    expect(parseChatLine("/DT")).toEqual(command("TeleportDestroy"));
    expect(parseChatLine("/MODMAPINFO SEGURO 1")).toEqual(command("ChangeMapInfoPK", { isPk: true }));
    expect(parseChatLine("/modmapinfo seguro 0")).toEqual(command("ChangeMapInfoPK", { isPk: false }));
  });

  test("malformed numbers, and words after the drastic ones, are answered locally and send nothing", () => {
    for (const line of ["/CC lobo", "/CC 0", "/CC 40000", "/ACC", "/ACC -4", "/RACC 1e3", "/TRIGGER 256", "/TRIGGER -1", "/TRIGGER x", "/MASSKILL ya", "/MASSDEST todo", "/LIMPIAR ya", "/ECHARTODOSPJS ahora", "/CT", "/CT 1 50", "/CT 0 5 5", "/CT 1 300 5", "/CT 1 5 5 1 9", "/CT x 5 5", "/MODMAPINFO", "/MODMAPINFO SEGURO", "/MODMAPINFO SEGURO 2"])
      expect({ line, kind: parseChatLine(line).kind }).toEqual({ line, kind: "local" });
  });
});

describe("/ANAME typed in the browser", () => {
  test("sends the old and the new name split at the first @; a missing part is refused here", () => {
    expect(parseChatLine("/ANAME Juan Perez@Juan Gomez")).toEqual({ kind: "command", packet: "AlterName", fields: { userName: "Juan Perez", newName: "Juan Gomez" } } as never);
    expect(parseChatLine("/aname Pepe@Pe@pe")).toEqual({ kind: "command", packet: "AlterName", fields: { userName: "Pepe", newName: "Pe@pe" } } as never);
    for (const line of ["/ANAME", "/ANAME Pepe", "/ANAME Pepe@", "/ANAME @Nuevo"]) expect({ line, kind: parseChatLine(line).kind }).toEqual({ line, kind: "local" });
  });
});

describe("staff information and server control typed in the browser (gm-info)", () => {
  test("/DONDE, /INFO, /STAT, /BAL, /INV, /BOV, /SKILLS and /NICK2IP send the name; /SLOT nick@slot; /IP2NICK four octets; /NENE a map", () => {
    const named = { DONDE: "Where", INFO: "RequestCharInfo", STAT: "RequestCharStats", BAL: "RequestCharGold", INV: "RequestCharInventory", BOV: "RequestCharBank", SKILLS: "RequestCharSkills", NICK2IP: "NickToIP" } as const;
    for (const [typed, packet] of Object.entries(named)) {
      expect(parseChatLine(`/${typed} Juan Perez`)).toEqual({ kind: "command", packet, fields: { userName: "Juan Perez" } } as never);
      expect(parseChatLine(`/${typed}`).kind).toBe("local");
    }
    expect(parseChatLine("/SLOT Pepe@3")).toEqual({ kind: "command", packet: "CheckSlot", fields: { userName: "Pepe", slot: 3 } } as never);
    expect(parseChatLine("/IP2NICK 10.0.0.7")).toEqual({ kind: "command", packet: "IPToNick", fields: { ip: [10, 0, 0, 7] } } as never);
    expect(parseChatLine("/NENE 34")).toEqual({ kind: "command", packet: "CreaturesInMap", fields: { map: 34 } } as never);
    for (const line of ["/SLOT Pepe", "/SLOT Pepe@0", "/SLOT Pepe@256", "/IP2NICK 10.0.0", "/IP2NICK 10.0.0.300", "/IP2NICK a.b.c.d", "/NENE", "/NENE x"]) expect({ line, kind: parseChatLine(line).kind }).toEqual({ line, kind: "local" });
  });

  test("/ONLINEGM, /ONLINEMAP, /PISO, /TRIGGER, /MOTDCAMBIA, /PANELGM take nothing; /HABILITAR, /GLOBAL, /GRABAR refuse extra words", () => {
    const bare = { ONLINEGM: "OnlineGM", ONLINEMAP: "OnlineMap", PISO: "ItemsInTheFloor", TRIGGER: "AskTrigger", MOTDCAMBIA: "ChangeMOTD", PANELGM: "GMPanel", HABILITAR: "ServerOpenToUsersToggle", GLOBAL: "GlobalOnOff", GRABAR: "SaveChars" } as const;
    for (const [typed, packet] of Object.entries(bare)) expect(parseChatLine(`/${typed.toLowerCase()}`)).toEqual({ kind: "command", packet, fields: {} } as never);
    for (const line of ["/HABILITAR ya", "/GLOBAL on", "/GRABAR todo"]) expect(parseChatLine(line).kind).toBe("local");
  });

  test("/SMSG and /TALKAS send the text; /MENSAJEINFORMACION nick@texto keeps later '@' in the text", () => {
    expect(parseChatLine("/SMSG reinicio en 5")).toEqual({ kind: "command", packet: "SystemMessage", fields: { text: "reinicio en 5" } } as never);
    expect(parseChatLine("/TALKAS hola viajero")).toEqual({ kind: "command", packet: "TalkAsNPC", fields: { text: "hola viajero" } } as never);
    expect(parseChatLine("/MENSAJEINFORMACION Pepe@mirá a@b")).toEqual({ kind: "command", packet: "MensajeUser", fields: { userName: "Pepe", message: "mirá a@b" } } as never);
    for (const line of ["/SMSG", "/TALKAS", "/MENSAJEINFORMACION Pepe", "/MENSAJEINFORMACION @hola", "/MENSAJEINFORMACION Pepe@"]) expect(parseChatLine(line).kind).toBe("local");
  });
});

// -- the GM's map's information and settings (gm-mapinfo)
describe("/MODMAPINFO and /MAPSETTING typed in the browser", () => {
  const command = (packet: string, fields: Record<string, unknown>) => ({ kind: "command", packet, fields }) as never;
  test("the option picks the packet, as the stock client's ProtocolCmdParse: 0|1 for the flags, one word for the others", () => {
    expect(parseChatLine("/MODMAPINFO BACKUP 1")).toEqual(command("ChangeMapInfoBackup", { backup: true }));
    expect(parseChatLine("/modmapinfo backup 0")).toEqual(command("ChangeMapInfoBackup", { backup: false }));
    expect(parseChatLine("/MODMAPINFO RESTRINGIR sinmagia")).toEqual(command("ChangeMapInfoRestricted", { restriction: "sinmagia" }));
    expect(parseChatLine("/MODMAPINFO MAGIASINEFECTO 1")).toEqual(command("ChangeMapInfoNoMagic", { noMagic: true }));
    expect(parseChatLine("/MODMAPINFO INVISINEFECTO 0")).toEqual(command("ChangeMapInfoNoInvi", { noInvisibility: false }));
    expect(parseChatLine("/MODMAPINFO RESUSINEFECTO 1")).toEqual(command("ChangeMapInfoNoResu", { noResurrection: true }));
    // As typed: the server takes the six words in upper case only, and lists them otherwise.
    expect(parseChatLine("/MODMAPINFO TERRENO NIEVE")).toEqual(command("ChangeMapInfoLand", { land: "NIEVE" }));
    expect(parseChatLine("/MODMAPINFO ZONA dungeon")).toEqual(command("ChangeMapInfoZone", { zone: "dungeon" }));
    expect(parseChatLine("/MODMAPINFO SEGURO 1")).toEqual(command("ChangeMapInfoPK", { isPk: true }));
  });

  test("/MAPSETTING DROPITEMS|SAFEPVP n (FRIENDLYFIRE: ours) sends setting 0, 1 (2) and the byte", () => {
    expect(parseChatLine("/MAPSETTING DROPITEMS 0")).toEqual(command("ChangeMapSetting", { setting: 0, value: 0 }));
    expect(parseChatLine("/mapsetting safepvp 1")).toEqual(command("ChangeMapSetting", { setting: 1, value: 1 }));
    expect(parseChatLine("/MAPSETTING FRIENDLYFIRE 255")).toEqual(command("ChangeMapSetting", { setting: 2, value: 255 }));
  });

  test("an unknown option or setting, a missing or malformed value, extra words: the usage line, nothing sent", () => {
    expect(parseChatLine("/MODMAPINFO BACKUP 2")).toEqual({ kind: "local", message: "Uso: /MODMAPINFO BACKUP 0|1" });
    expect(parseChatLine("/MODMAPINFO RESTRINGIR")).toEqual({ kind: "local", message: "Uso: /MODMAPINFO RESTRINGIR NEWBIE|SINMAGIA|SININVI|NOPKS|NOCIUD" });
    expect(parseChatLine("/MODMAPINFO LLUVIA 1")).toEqual({ kind: "local", message: "Uso: /MODMAPINFO SEGURO|BACKUP|RESTRINGIR|MAGIASINEFECTO|INVISINEFECTO|RESUSINEFECTO|TERRENO|ZONA <valor>" });
    for (const line of [
      "/MODMAPINFO",
      "/MODMAPINFO MAGIASINEFECTO si",
      "/MODMAPINFO INVISINEFECTO",
      "/MODMAPINFO TERRENO NIEVE BOSQUE",
      "/MODMAPINFO ZONA",
      "/MODMAPINFO __proto__ 1",
      "/MAPSETTING",
      "/MAPSETTING DROPITEMS",
      "/MAPSETTING DROPITEMS 256",
      "/MAPSETTING DROPITEMS -1",
      "/MAPSETTING DROPITEMS 1 2",
      "/MAPSETTING LLUVIA 1",
      "/MAPSETTING __proto__ 1",
      "/MAPSETTING 0 1",
    ])
      expect({ line, kind: parseChatLine(line).kind }).toEqual({ line, kind: "local" });
  });
});

describe("a game master's own settings, consultations and /REQDEBUG typed in the browser (gm-self)", () => {
  test("/SHOWNAME, /GENIO, /TRABAJANDO, /OCULTANDO, /SEGUIR and /MARCAGM take nothing, with the stock client's English aliases", () => {
    const bare = { SHOWNAME: "ShowName", GENIO: "Genio", GENIUS: "Genio", TRABAJANDO: "Working", WORKING: "Working", OCULTANDO: "Hiding", HIDING: "Hiding", SEGUIR: "NPCFollow", FOLLOW: "NPCFollow", MARCAGM: "MarcaDeGMPack" } as const;
    for (const [typed, packet] of Object.entries(bare)) expect(parseChatLine(`/${typed.toLowerCase()}`)).toEqual({ kind: "command", packet, fields: {} } as never);
  });

  test("/SETDESC sends the rest of the line, empty clears; /CONSULTA with or without a nick", () => {
    expect(parseChatLine("/SETDESC Un viejo - pescador")).toEqual({ kind: "command", packet: "SetCharDescription", fields: { description: "Un viejo - pescador" } } as never);
    expect(parseChatLine("/SETDESC")).toEqual({ kind: "command", packet: "SetCharDescription", fields: { description: "" } } as never);
    expect(parseChatLine("/CONSULTA Juan Perez")).toEqual({ kind: "command", packet: "Consulta", fields: { nick: "Juan Perez" } } as never);
    expect(parseChatLine("/CONSULTATION")).toEqual({ kind: "command", packet: "Consulta", fields: { nick: "" } } as never);
  });

  test("/REQDEBUG as HandleReqDebugCmd reads it: bare the last logs, CONNECTION nick (words joined), USERIDS; anything else is a usage line", () => {
    expect(parseChatLine("/REQDEBUG")).toEqual({ kind: "command", packet: "RequestDebug", fields: { debugType: 0 } } as never);
    expect(parseChatLine("/REQDEBUG connection Juan   Perez")).toEqual({ kind: "command", packet: "RequestDebug", fields: { debugType: 1, argument: "Juan Perez" } } as never);
    expect(parseChatLine("/REQDEBUG USERIDS")).toEqual({ kind: "command", packet: "RequestDebug", fields: { debugType: 2 } } as never);
    for (const line of ["/REQDEBUG LOGS", "/REQDEBUG USERIDS 3"]) expect({ line, kind: parseChatLine(line).kind }).toEqual({ line, kind: "local" });
  });

  test("/VELOCIDAD n (the panel's speed buttons): a decimal number, comma or point; anything else is a usage line", () => {
    expect(parseChatLine("/VELOCIDAD 15")).toEqual({ kind: "command", packet: "SetSpeed", fields: { speed: 15 } } as never);
    expect(parseChatLine("/SPEED 1,5")).toEqual({ kind: "command", packet: "SetSpeed", fields: { speed: 1.5 } } as never);
    for (const line of ["/VELOCIDAD", "/VELOCIDAD -1", "/VELOCIDAD NaN", "/VELOCIDAD 1e30", "/VELOCIDAD 1000", "/VELOCIDAD 2 3"]) expect({ line, kind: parseChatLine(line).kind }).toEqual({ line, kind: "local" });
  });
});
