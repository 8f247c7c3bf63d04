/**
 * JSON with object keys sorted at every level, so the same value always gives the same text
 * (the pack hash is taken over it, whatever key order a writer used). Pure.
 */

/** Rebuilds plain objects with sorted keys; JSON.stringify does the rest natively (fast). */
function sortKeys(_key: string, value: unknown): unknown {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return value;
  // A null-prototype object: a "__proto__" key stays an ordinary key.
  const sorted: Record<string, unknown> = Object.create(null);
  for (const key of Object.keys(value).sort()) sorted[key] = (value as Record<string, unknown>)[key];
  return sorted;
}

export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, sortKeys) ?? "null";
}
