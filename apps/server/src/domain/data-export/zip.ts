/**
 * The copy's archive (D74: fflate, MIT, no dependencies). Files are added one at a time and the archive's
 * bytes collected as they come, so a document is let go once it is in the archive. JSON is deflated;
 * documents (JPEG, PNG, PDF: compressed already) are stored as they are.
 */
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { ExportFile } from './collect.ts';

export interface ZipWriter {
  add(file: ExportFile): void;
  /** Ends the archive and answers its bytes. */
  finish(): Buffer;
}

export function zipWriter(mtime: number): ZipWriter {
  const chunks: Uint8Array[] = [];
  let failure: Error | null = null;
  let ended = false;
  const zip = new Zip((error, data, final) => {
    if (error) failure = error;
    else chunks.push(data);
    if (final) ended = true;
  });
  return {
    add(file) {
      const entry = file.compress ? new ZipDeflate(file.path, { level: 6 }) : new ZipPassThrough(file.path);
      entry.mtime = mtime;
      zip.add(entry);
      entry.push(file.bytes, true);
      if (failure) throw failure;
    },
    finish() {
      zip.end();
      if (failure) throw failure;
      if (!ended) throw new Error('the archive did not end');
      return Buffer.concat(chunks);
    },
  };
}
