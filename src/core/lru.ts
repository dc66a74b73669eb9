/**
 * A `Map` kept as a least-recently-used cache: a `Map` iterates in insertion order, so the key
 * set last is the newest and the first key is the one touched longest ago. Bounded caches of the
 * store, the server and the simulator keep their entries this way, not through a library: the
 * order a `Map` already keeps is all the bookkeeping they need.
 */

/** Sets `key` as the newest entry of `map` (refreshing it if held), then drops the oldest past `max`. */
export function setNewest<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  map.delete(key)
  map.set(key, value)
  dropOldest(map, max)
}

/** Drops the entries of `map` set longest ago until it holds at most `max`. */
export function dropOldest<K, V>(map: Map<K, V>, max: number): void {
  while (map.size > max) {
    map.delete(map.keys().next().value as K)
  }
}
