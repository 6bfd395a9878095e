/**
 * Full-page navigation goes through this object rather than window.location directly: pages such as
 * /login live outside the SPA, and jsdom's Location cannot be spied on, so tests replace `assign` here.
 */
export const browserLocation = {
  assign(url: string): void {
    window.location.assign(url);
  },
  href(): string {
    return window.location.href;
  },
  origin(): string {
    return window.location.origin;
  },
};
