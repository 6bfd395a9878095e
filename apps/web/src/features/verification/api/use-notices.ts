import { useEffect, useState } from 'react';
import type { Notice } from '@kyc/contracts';
import { getNotices } from './notices';

export type NoticesLoad = { status: 'loading' } | { status: 'done'; notices: Notice[] };

/**
 * The unread notices for the personal page, loaded once on mount beside kyc-info so the page renders
 * them together (no shift when they arrive). A failure is "no notices": the marker is an extra.
 */
export function useNotices(): NoticesLoad {
  const [load, setLoad] = useState<NoticesLoad>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    getNotices().then(
      (result) => {
        if (live) setLoad({ status: 'done', notices: result.notices });
      },
      () => {
        if (live) setLoad({ status: 'done', notices: [] });
      },
    );
    return () => {
      live = false;
    };
  }, []);
  return load;
}
