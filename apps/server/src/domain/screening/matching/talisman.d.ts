// talisman ships CommonJS without types; the two functions the matcher uses (matching/token-match.ts).
declare module 'talisman/metrics/jaro-winkler.js' {
  const jaroWinkler: (a: string, b: string) => number;
  export default jaroWinkler;
}
declare module 'talisman/phonetics/double-metaphone.js' {
  const doubleMetaphone: (word: string) => [string, string];
  export default doubleMetaphone;
}
