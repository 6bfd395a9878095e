/** The device's guid (spec §3, §7): the header the web client sends, else (where cookies are read) its cookie. */
export function guidOf(header: string | string[] | undefined, cookie?: string): string | undefined {
  return (typeof header === 'string' ? header : undefined) ?? cookie;
}
