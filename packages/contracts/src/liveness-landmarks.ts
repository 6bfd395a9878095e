/**
 * A synthetic 68-point face for the liveness tests (D116). Test support only: the measures' and the
 * check's unit tests on the server and the challenge's component test in the web app share it; nothing
 * else imports it.
 */

/**
 * A face 200 px wide: jaw 0 at x 0 and 16 at x 200, the nose tip (30) at x 100 + `nose`, each eye 40 px
 * wide whose lids are `open` px apart (eye aspect ratio = open / 40).
 */
export function syntheticFace({ open = 12, nose = 0 }: { open?: number; nose?: number } = {}): [
  number,
  number,
][] {
  const points: [number, number][] = Array.from({ length: 68 }, () => [100, 100]);
  for (let i = 0; i <= 16; i++) points[i] = [(200 * i) / 16, 100 + Math.sin((Math.PI * i) / 16) * 80];
  points[30] = [100 + nose, 110];
  const eye = (first: number, left: number) => {
    points[first] = [left, 80];
    points[first + 1] = [left + 13, 80 - open / 2];
    points[first + 2] = [left + 27, 80 - open / 2];
    points[first + 3] = [left + 40, 80];
    points[first + 4] = [left + 27, 80 + open / 2];
    points[first + 5] = [left + 13, 80 + open / 2];
  };
  eye(36, 40);
  eye(42, 120);
  return points;
}
