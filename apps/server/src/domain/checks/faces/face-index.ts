/**
 * The in-memory 1:N index of selfie descriptors (issue 19 "Duplicates", D109): one contiguous
 * Float32Array, searched by brute force (128 numbers a face; 100 000 faces is 51 MB and one pass of
 * 12.8 million multiply-adds, tens of milliseconds). No approximate index: at this size the exact
 * search is fast enough and finds every match. A row leaves by swap-remove (erasure).
 */
export const DESCRIPTOR_LENGTH = 128;

/** Higher is more alike: 1 − the Euclidean distance of two descriptors, at least 0. */
export function faceSimilarity(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < DESCRIPTOR_LENGTH; i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    sum += d * d;
  }
  return Math.max(0, 1 - Math.sqrt(sum));
}

export interface IndexMatch {
  id: number;
  userId: number;
  similarity: number;
}

export class FaceIndex {
  private vectors = new Float32Array(1024 * DESCRIPTOR_LENGTH);
  private ids: number[] = [];
  private userIds: number[] = [];
  private positions = new Map<number, number>();

  get size(): number {
    return this.ids.length;
  }

  has(id: number): boolean {
    return this.positions.has(id);
  }

  add(id: number, userId: number, descriptor: ArrayLike<number>): void {
    if (this.positions.has(id)) return;
    const at = this.ids.length;
    if ((at + 1) * DESCRIPTOR_LENGTH > this.vectors.length) {
      const grown = new Float32Array(this.vectors.length * 2);
      grown.set(this.vectors);
      this.vectors = grown;
    }
    for (let i = 0; i < DESCRIPTOR_LENGTH; i++) this.vectors[at * DESCRIPTOR_LENGTH + i] = descriptor[i] ?? 0;
    this.ids.push(id);
    this.userIds.push(userId);
    this.positions.set(id, at);
  }

  remove(id: number): void {
    const at = this.positions.get(id);
    if (at === undefined) return;
    const last = this.ids.length - 1;
    if (at !== last) {
      this.vectors.copyWithin(
        at * DESCRIPTOR_LENGTH,
        last * DESCRIPTOR_LENGTH,
        (last + 1) * DESCRIPTOR_LENGTH,
      );
      this.ids[at] = this.ids[last] as number;
      this.userIds[at] = this.userIds[last] as number;
      this.positions.set(this.ids[at] as number, at);
    }
    this.ids.pop();
    this.userIds.pop();
    this.positions.delete(id);
  }

  /**
   * Faces of other accounts at or above `threshold` similarity, best first (`limit` at most), and the
   * best similarity to any other account's face (null when there is none).
   */
  search(
    descriptor: ArrayLike<number>,
    options: { excludeUserId: number; threshold: number; limit: number },
  ): { matches: IndexMatch[]; best: number | null } {
    const query = Float32Array.from({ length: DESCRIPTOR_LENGTH }, (_, i) => descriptor[i] ?? 0);
    const vectors = this.vectors;
    let bestDistance = Infinity;
    const maxDistance = 1 - options.threshold;
    const matches: IndexMatch[] = [];
    for (let row = 0; row < this.ids.length; row++) {
      if (this.userIds[row] === options.excludeUserId) continue;
      const base = row * DESCRIPTOR_LENGTH;
      let sum = 0;
      for (let i = 0; i < DESCRIPTOR_LENGTH; i++) {
        const d = (vectors[base + i] as number) - (query[i] as number);
        sum += d * d;
      }
      const distance = Math.sqrt(sum);
      if (distance < bestDistance) bestDistance = distance;
      if (distance <= maxDistance)
        matches.push({
          id: this.ids[row] as number,
          userId: this.userIds[row] as number,
          similarity: Math.max(0, 1 - distance),
        });
    }
    matches.sort((a, b) => b.similarity - a.similarity);
    return {
      matches: matches.slice(0, options.limit),
      best: bestDistance === Infinity ? null : Math.max(0, 1 - bestDistance),
    };
  }
}
