/**
 * The key ring (VB6 `Keys(1 To MAXKEYS)`, the stock client's key ring window): ten slots the
 * server fills with `UpdateUserKey(slot, key)`, each used on the door last clicked with
 * `UseKey(slot)` (it locks or unlocks it; a click opens it). A house key used from the
 * inventory goes onto the ring (the server's KEY-RING-FILL). Pure.
 */

/** `MAXKEYS`. */
export const KEY_RING_SLOTS = 10;
/** The key that opens and closes the key ring window ("L", llavero). */
export const KEY_RING_KEY_CODE = "KeyL";

export const KEY_RING_TEXT = {
  button: "Llavero",
  buttonTitle: "Tus llaves (L): hacé clic en una puerta y después en la llave para cerrarla o abrirla con llave",
  title: "Llavero",
  close: "Cerrar",
  empty: "Tu llavero está vacío. Usá una llave de casa desde el inventario para ponerla acá.",
  hint: "Primero hacé clic en la puerta; después en la llave. Una puerta sin llave se abre con un clic.",
  use: (name: string) => `Usar ${name} en la puerta`,
} as const;

/** `UpdateUserKey`: slot 1..10 gets `key` (0 empties it); anything else is ignored (hostile input). */
export function applyKeyRingSlot(ring: number[], slot: number, key: number): void {
  if (!Number.isInteger(slot) || slot < 1 || slot > KEY_RING_SLOTS) return;
  ring[slot - 1] = Number.isInteger(key) && key > 0 ? key : 0;
}

export interface KeyRingRow {
  readonly slot: number;
  readonly objIndex: number;
  readonly name: string;
}

/** The ring's keys in slot order, named from the world's objects (`#<n>` when unknown). */
export function keyRingRows(ring: readonly number[], names: ReadonlyMap<number, string>): KeyRingRow[] {
  const rows: KeyRingRow[] = [];
  ring.forEach((objIndex, i) => {
    if (objIndex > 0) rows.push({ slot: i + 1, objIndex, name: names.get(objIndex) ?? `#${objIndex}` });
  });
  return rows;
}
