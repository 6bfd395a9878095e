import { Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import type { LinkInfo } from '@kyc/contracts';
import { useTranslation } from 'react-i18next';
import { Outlet } from '../../../lib/router';
import type { SdkLink } from '../../../lib/navigation/page-mode';
import { setUserInfo } from '../../../lib/store/global-slice';
import { useAppDispatch } from '../../../lib/store/hooks';
import { PageSpinner } from '../../../ui/spinner';
import { getLinkInfo } from '../api/link-flow';
import { loadSdkUser, sdkUserFromLink, takeSdkUser } from '../api/load-sdk-user';
import { LinkFlow } from './link-flow';

/**
 * The /auth wrapper in SDK mode (spec §4 "in SDK mode fetch SDK token info and store it in the user
 * state with default currency USD and the token as id"): the user known from the link is stored at
 * once, the token info is merged in when it arrives, and the screen shows after that — also when the
 * call failed, whose error is ignored (spec §8). When token-info refuses the token because it is a
 * partner's link token (docs/sdk.md "Partner links"), the link flow (sign in, consent) comes first.
 */
export function SdkGate({ link, children }: { link: SdkLink; children?: ReactNode }) {
  const dispatch = useAppDispatch();
  const [ready, setReady] = useState(false);
  const [linkInfo, setLinkInfo] = useState<LinkInfo | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    dispatch(setUserInfo(sdkUserFromLink(link)));
    takeSdkUser(link, { signal })
      .then(async (user) => {
        // No token info: perhaps a link token, which opens the link flow (its own 10007 otherwise).
        const known = (user as { sdkBusiness?: unknown }).sdkBusiness !== undefined;
        const pending = known ? null : await getLinkInfo({ signal }).catch(() => null);
        if (signal.aborted) return;
        dispatch(setUserInfo(user));
        setLinkInfo(pending);
        setReady(true);
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [dispatch, link]);

  // After consent the same token is an ordinary SDK token: load its info and continue as usual.
  const onLinked = useCallback(async () => {
    dispatch(setUserInfo(await loadSdkUser(link)));
    setLinkInfo(null);
  }, [dispatch, link]);

  if (ready && linkInfo) return <LinkFlow initial={linkInfo} onLinked={onLinked} />;
  return <Suspense fallback={<PageSpinner />}>{ready ? (children ?? <Outlet />) : <SdkLoading />}</Suspense>;
}

function SdkLoading() {
  const { t } = useTranslation();
  return <PageSpinner label={t('sdk.loading')} />;
}
