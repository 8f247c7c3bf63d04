/**
 * Keys that ask the server to open a window with whoever the player clicked last, as the typed
 * commands do: C is `/COMERCIAR` (a trader's shop, or a trade with a player) and B is `/BOVEDA`
 * (the vault, at a banker). The stock client reaches both through menus after a click; the
 * browser has no such menus, so a key and a button stand in. Pure: fed with
 * `KeyboardEvent.code` values.
 */

/** What a service key asks for. */
export type ServiceKeyAction = "commerce" | "vault";

/** `KeyboardEvent.code` → service action (none of the inventory's or walking keys). */
export const SERVICE_KEY_CODES: Readonly<Record<string, ServiceKeyAction>> = {
  KeyC: "commerce",
  KeyB: "vault",
};

/** The action of key `code`, or null. */
export function serviceKeyAction(code: string): ServiceKeyAction | null {
  return SERVICE_KEY_CODES[code] ?? null;
}
