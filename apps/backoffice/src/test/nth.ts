/** The element at `index` (negative counts from the end), failing the test when there is none. */
export function nth<T>(list: readonly T[], index: number): T {
  const value = list.at(index);
  if (value === undefined) throw new Error(`no element at ${index} (length ${list.length})`);
  return value;
}
