/**
 * Lookups of request values in option maps and allow-lists. A plain object answers every name it
 * inherits (`constructor`, `__proto__`, `toString`, `valueOf`…) as if it were one of its keys, so a
 * value typed by a person must be looked up as the map's own keys only: these helpers do, and name
 * the inherited names for the checks that refuse them outright.
 */

/** The value a map holds under `key` as its own key; undefined for any other key, inherited ones included. */
export function ownValue<V>(map: Readonly<Record<string, V>>, key: unknown): V | undefined {
  return typeof key === 'string' && Object.hasOwn(map, key) ? map[key] : undefined;
}

/** Whether `key` is one of the map's own keys (never an inherited name). */
export function isOwnKey<M extends object>(map: M, key: unknown): key is keyof M & string {
  return typeof key === 'string' && Object.hasOwn(map, key);
}

/** Names every plain object answers without holding them: Object.prototype's, and `prototype`. */
const INHERITED_NAMES: ReadonlySet<string> = new Set([...Object.getOwnPropertyNames(Object.prototype), 'prototype']);

/** Whether a name is one every object inherits (`constructor`, `__proto__`, `toString`, …). */
export function isInheritedName(name: string): boolean {
  return INHERITED_NAMES.has(name);
}
