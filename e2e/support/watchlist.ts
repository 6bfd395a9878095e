/**
 * The operator CSV list each e2e server screens against besides the demo fixtures (issue 18, "a list
 * change turns an approved person into an alert"): global-setup writes it before the server starts; a
 * test adds a row and has an admin refresh the lists (D95). One file per server, named by its port.
 */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const WATCHLIST_HEADER = 'name,aliases,date_of_birth,nationality,category,reference\n';

/** The list file of the server on `port` (its name, watchlist-<port>.csv, is the list's name). */
export const watchlistFile = (port: number | string) => path.join(tmpdir(), `watchlist-${port}.csv`);

/** Starts a server's list with one invented entry (an empty file would not load). */
export function writeWatchlist(port: number, rows = 'Zebulon Quastwick-Varro,,1955,NO,internal,WL-0001\n') {
  writeFileSync(watchlistFile(port), WATCHLIST_HEADER + rows);
}
