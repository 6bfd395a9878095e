/**
 * A value typed by a person (a reviewer's message, a name) inside a translated sentence keeps its own
 * direction: English in an Arabic sentence, or Arabic in an English one, is wrapped in the Unicode
 * first-strong isolate (U+2068 … U+2069), the plain-text form of <bdi>, so neither reorders the other.
 */
export function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}
