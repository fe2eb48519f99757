/**
 * The one seeded random source of Damka (mulberry32): small, fast and reproducible, so that a
 * seed replays the same Zobrist keys, engine noise, self-play game or test sample everywhere.
 * Not for secrets (the server's tokens come from the platform's cryptographic source).
 */

/** A generator of signed 32-bit integers from `seed`. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return (t ^ (t >>> 14)) | 0;
  };
}

/** The same sequence as fractions in [0, 1), like `Math.random`. */
export function seededRandom(seed: number): () => number {
  const next = mulberry32(seed);
  return () => (next() >>> 0) / 4294967296;
}
