/**
 * A vendor's web SDK is a script of theirs (docs/kyc.md "Verification at a vendor, in the browser"), not
 * part of our bundle: it is inserted once per URL when a vendor flow opens, so nobody verified in-house
 * downloads it. A failed load is forgotten (its element removed) so that Retry inserts it afresh.
 */

const loads = new Map<string, Promise<void>>();

/** Loads the script at `url` once; later calls share the first load while it is pending or done. */
export function loadScript(url: string, doc: Document = document): Promise<void> {
  const known = loads.get(url);
  if (known) return known;
  const load = new Promise<void>((resolve, reject) => {
    const script = doc.createElement('script');
    script.src = url;
    script.async = true;
    script.dataset['vendorSdk'] = 'true';
    script.addEventListener('load', () => resolve());
    script.addEventListener('error', () => {
      loads.delete(url);
      script.remove();
      reject(new Error(`could not load ${url}`));
    });
    doc.head.appendChild(script);
  });
  loads.set(url, load);
  return load;
}

/** Tests: forget every load (the elements stay in the document they were added to). */
export function resetScriptLoads(): void {
  loads.clear();
}
