/**
 * Seeded, splittable randomness. Every generated value is a pure function of (seed, stream, index),
 * so a set's heavy fields can be derived on demand instead of being stored.
 */

/** 32-bit mix of any number of integers (murmur3 finaliser style). */
export function mix(...parts: readonly number[]): number {
  let h = 0x9e3779b9
  for (const p of parts) {
    h = Math.imul(h ^ (p | 0), 0x85ebca6b)
    h ^= h >>> 13
    h = Math.imul(h, 0xc2b2ae35)
    h ^= h >>> 16
  }
  return h >>> 0
}

interface Rng {
  /** Uniform in [0, 1). */
  next(): number
  /** Integer in [min, max] inclusive. */
  int(min: number, max: number): number
  pick<T>(items: readonly T[]): T
  chance(p: number): boolean
}

/** mulberry32: small, fast and good enough for invented catalogue data. */
export function rng(...seedParts: readonly number[]): Rng {
  let a = mix(...seedParts)
  const next = (): number => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => {
      const item = items[Math.floor(next() * items.length)]
      if (item === undefined) throw new RangeError('pick from an empty list')
      return item
    },
    chance: (p) => next() < p
  }
}

/** Stream identifiers, so unrelated derivations never share a sequence. */
export const STREAM = {
  themes: 1,
  set: 2,
  text: 3,
  review: 4,
  minifig: 5,
  users: 6,
  image: 7,
  revision: 8,
  random: 9,
  exit: 10
} as const
