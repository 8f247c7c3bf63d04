/**
 * The world as a main-thread service sees it (`ServiceContext`), for service tests: players placed
 * by session, World's rule for deltas (`postDelta` applies at once and tells the map), and every
 * message told to a map kept in `told`, in order.
 */
import type { CharacterRecord } from "../game/character/index.ts";
import type { ServiceName, ToMap } from "../map/index.ts";
import type { ServiceContext, ServicePlayer } from "./services/service.ts";

export class FakeServiceWorld implements ServiceContext {
  readonly routes = new Map<number, { state: CharacterRecord; loggingIn: boolean }>();
  /** What each service told a map, in order. */
  readonly told: { session: number; service: ServiceName; message: ToMap<ServiceName> }[] = [];
  onlineRecord = 0;

  get onlineCount(): number {
    return this.routes.size;
  }

  place(session: number, state: CharacterRecord, loggingIn = false): void {
    this.routes.set(session, { state, loggingIn });
    this.onlineRecord = Math.max(this.onlineRecord, this.routes.size);
  }
  knownState(characterId: number): CharacterRecord | null {
    for (const route of this.routes.values()) if (route.state.id === characterId) return route.state;
    return null;
  }
  knownStates(): CharacterRecord[] {
    return [...this.routes.values()].map((route) => route.state);
  }
  playerNamed(name: string): { session: number; characterId: number } | undefined {
    for (const [session, route] of this.routes) if (route.state.name.toLowerCase() === name.trim().toLowerCase()) return { session, characterId: route.state.id };
    return undefined;
  }
  sessionOfCharacter(characterId: number): number | undefined {
    for (const [session, route] of this.routes) if (route.state.id === characterId) return session;
    return undefined;
  }
  player(session: number): ServicePlayer | undefined {
    const route = this.routes.get(session);
    return route && { session, map: 1, state: route.state, loggingIn: route.loggingIn, inTransit: false };
  }
  postDelta<S extends ServiceName>(session: number, service: S, message: ToMap<S>, apply: (state: CharacterRecord) => CharacterRecord): boolean {
    const route = this.routes.get(session);
    if (!route) return false;
    route.state = apply(route.state);
    this.told.push({ session, service, message });
    return true;
  }
  tell<S extends ServiceName>(session: number, service: S, message: ToMap<S>): void {
    this.told.push({ session, service, message });
  }
}
