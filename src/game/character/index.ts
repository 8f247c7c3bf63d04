/**
 * The character record: the persistent shape of a character, shared by character creation,
 * persistence and the map workers (plain data; it crosses threads and is stored as rows).
 */
export * from "./character-record.ts";
export * from "./inventory.ts";
