import { describe, expect, it } from 'vitest';
import { createKeyring } from '../../../lib/crypto/envelope.ts';
import { DESCRIPTOR_LENGTH, FaceIndex, faceSimilarity } from './face-index.ts';
import { openDescriptor, sealDescriptor } from './face-sealing.ts';

/** A deterministic descriptor (mulberry32 from the seed): values in about the range dlib's have (±0.25). */
function descriptor(seed: number): number[] {
  let a = seed >>> 0;
  return Array.from({ length: DESCRIPTOR_LENGTH }, () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return (((t ^ (t >>> 14)) >>> 0) / 4294967296 - 0.5) * 0.5;
  });
}
const nudged = (d: number[], by: number) => d.map((v, i) => v + (i % 2 === 0 ? by : -by));

describe('the in-memory face index', () => {
  it('finds the same face on another account above the threshold, best first, and never the person themself', () => {
    const index = new FaceIndex();
    for (let id = 1; id <= 2000; id++) index.add(id, 100 + id, descriptor(id));
    const probe = nudged(descriptor(700), 0.01);
    index.add(5000, 999, probe);
    const found = index.search(probe, { excludeUserId: 999, threshold: 0.6, limit: 5 });
    expect(found.matches.map((m) => [m.id, m.userId])).toEqual([[700, 800]]);
    expect(found.matches[0]?.similarity).toBeCloseTo(faceSimilarity(probe, descriptor(700)), 5);
    expect(found.best).toBe(found.matches[0]?.similarity);
    // Random descriptors are far apart: nothing else reaches the threshold.
    expect(index.search(descriptor(99_999), { excludeUserId: 0, threshold: 0.6, limit: 5 }).matches).toEqual(
      [],
    );
  });

  it('forgets a removed face (swap-remove keeps every other one findable), and grows past its first block', () => {
    const index = new FaceIndex();
    for (let id = 1; id <= 1500; id++) index.add(id, id, descriptor(id));
    index.remove(3);
    expect(index.size).toBe(1499);
    expect(index.has(3)).toBe(false);
    expect(index.search(descriptor(3), { excludeUserId: 0, threshold: 0.9, limit: 5 }).matches).toEqual([]);
    const last = index.search(descriptor(1500), { excludeUserId: 0, threshold: 0.9, limit: 5 });
    expect(last.matches.map((m) => m.id)).toEqual([1500]);
    expect(last.matches[0]?.similarity).toBe(1);
  });
});

describe('sealing a descriptor for the index', () => {
  it('opens under the same keyring (also after a rotation) and not as another person or submission', () => {
    const old = createKeyring(Buffer.alloc(32, 1));
    const d = descriptor(5);
    const { keyId, sealed } = sealDescriptor(old, 7, 70, d);
    expect(sealed.includes(Buffer.from(Float32Array.from(d).buffer))).toBe(false);
    const row = { user_id: 7, submission_id: 70, key_id: keyId, embedding_enc: sealed };
    expect(Array.from(openDescriptor(old, row) ?? [])).toEqual(Array.from(Float32Array.from(d)));
    const rotated = createKeyring(Buffer.alloc(32, 2), [Buffer.alloc(32, 1)]);
    expect(openDescriptor(rotated, row)).not.toBeNull();
    expect(openDescriptor(old, { ...row, user_id: 8 })).toBeNull();
    expect(openDescriptor(old, { ...row, submission_id: 71 })).toBeNull();
    expect(openDescriptor(createKeyring(Buffer.alloc(32, 3)), row)).toBeNull();
  });
});
