/**
 * What the client sends, encoded with the project's protocol library, with the per-action
 * sequence counters the server checks (§6.3: reset when `Logged` arrives, pre-incremented, so
 * the first value is 1). Pure apart from the injected transport.
 */
import { CLIENT_PACKETS, clientCodec, type ClientPacketFields, type ClientPacketName } from "../protocol/index.ts";
import type { ChatCommandIntent } from "./chat-input.ts";
import type { Heading } from "../game/movement/index.ts";

/** Where encoded bodies go: one WebSocket binary message each. */
export interface Transport {
  send(body: Uint8Array): void;
  close(): void;
}

/** The character-creation request (`LoginNewChar`, PYMMO=0). */
export interface NewCharacterRequest {
  readonly name: string;
  readonly race: number;
  readonly gender: number;
  readonly classId: number;
  readonly head: number;
  readonly homeCity: number;
}

/** A packet that failed to encode (a client bug or a bad value from a form); never thrown. */
export class OutboxError extends Error {
  readonly code = "encode_failed";
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "OutboxError";
  }
}

export class ClientOutbox {
  private walkCounter = 0;
  private talkCounter = 0;
  private headingCounter = 0;
  /** Counters of the typed commands whose packets carry one (`GuildMessage`), by packet. */
  private readonly commandCounters = new Map<ClientPacketName, number>();

  constructor(
    private readonly transport: Transport,
    private readonly onError: (error: OutboxError) => void = () => {},
  ) {}

  /** The server resets its copies when it sends `Logged`; so do we. */
  resetCounters(): void {
    this.walkCounter = 0;
    this.talkCounter = 0;
    this.headingCounter = 0;
    this.commandCounters.clear();
  }

  loginAccount(email: string, password: string): boolean {
    return this.send("LoginAccount", { email, password } satisfies ClientPacketFields<"LoginAccount">);
  }

  createAccount(email: string, password: string): boolean {
    return this.send("CreateAccount", { email, password } satisfies ClientPacketFields<"CreateAccount">);
  }

  loginExistingChar(charId: number, name: string): boolean {
    return this.send("LoginExistingChar", { charId, name } satisfies ClientPacketFields<"LoginExistingChar">);
  }

  loginNewChar(request: NewCharacterRequest): boolean {
    return this.send("LoginNewChar", {
      name: request.name,
      race: request.race,
      gender: request.gender,
      class: request.classId,
      head: request.head,
      homeCity: request.homeCity,
    } satisfies ClientPacketFields<"LoginNewChar">);
  }

  walk(heading: Heading): boolean {
    return this.send("Walk", { heading, counter: ++this.walkCounter } satisfies ClientPacketFields<"Walk">);
  }

  changeHeading(heading: Heading): boolean {
    return this.send("ChangeHeading", { heading, counter: ++this.headingCounter } satisfies ClientPacketFields<"ChangeHeading">);
  }

  talk(text: string): boolean {
    return this.send("Talk", { text, counter: ++this.talkCounter } satisfies ClientPacketFields<"Talk">);
  }

  yell(text: string): boolean {
    return this.send("Yell", { text } satisfies ClientPacketFields<"Yell">);
  }

  whisper(targetName: string, text: string): boolean {
    return this.send("Whisper", { targetName, text } satisfies ClientPacketFields<"Whisper">);
  }

  /** A typed `/command`; its sequence counter, when the packet has one, is filled in here. */
  command(intent: ChatCommandIntent): boolean {
    if (!hasCounter(intent.packet)) return this.send(intent.packet, intent.fields);
    const counter = (this.commandCounters.get(intent.packet) ?? 0) + 1;
    this.commandCounters.set(intent.packet, counter);
    return this.send(intent.packet, { ...intent.fields, counter });
  }

  requestPositionUpdate(): boolean {
    return this.send("RequestPositionUpdate", {});
  }

  quit(): boolean {
    return this.send("Quit", {});
  }

  cancelQuit(): boolean {
    return this.send("CancelarExit", {});
  }

  // Each call site checks its fields with `satisfies`; a generic signature over every packet
  // name is too deep for tsc.
  private send(name: ClientPacketName, fields: object): boolean {
    const encoded = clientCodec.encode(name, fields);
    if (!encoded.ok) {
      this.onError(new OutboxError(`${name}: ${encoded.error.message}`, { cause: encoded.error }));
      return false;
    }
    this.transport.send(encoded.body);
    return true;
  }
}

/** True when the packet's layout has a `counter` field (a `TS_*` sequence counter). */
function hasCounter(name: ClientPacketName): boolean {
  return CLIENT_PACKETS[name].layout.some((node) => node.kind === "field" && node.name === "counter");
}
