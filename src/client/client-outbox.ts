/**
 * What the client sends, encoded with the project's protocol library, with the per-action
 * sequence counters the server checks (§6.3: reset when `Logged` arrives, pre-incremented, so
 * the first value is 1). Pure apart from the injected transport.
 */
import { clientCodec, type ClientPacketFields, type ClientPacketName } from "../protocol/index.ts";
import type { HeadingValue } from "./headings.ts";

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

  constructor(
    private readonly transport: Transport,
    private readonly onError: (error: OutboxError) => void = () => {},
  ) {}

  /** The server resets its copies when it sends `Logged`; so do we. */
  resetCounters(): void {
    this.walkCounter = 0;
    this.talkCounter = 0;
    this.headingCounter = 0;
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

  walk(heading: HeadingValue): boolean {
    return this.send("Walk", { heading, counter: ++this.walkCounter } satisfies ClientPacketFields<"Walk">);
  }

  changeHeading(heading: HeadingValue): boolean {
    return this.send("ChangeHeading", { heading, counter: ++this.headingCounter } satisfies ClientPacketFields<"ChangeHeading">);
  }

  talk(text: string): boolean {
    return this.send("Talk", { text, counter: ++this.talkCounter } satisfies ClientPacketFields<"Talk">);
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
