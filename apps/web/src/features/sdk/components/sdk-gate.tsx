import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from '../../../lib/router';
import type { SdkLink } from '../../../lib/navigation/page-mode';
import { setUserInfo } from '../../../lib/store/global-slice';
import { useAppDispatch } from '../../../lib/store/hooks';
import { PageSpinner } from '../../../ui/spinner';
import { sdkUserFromLink, takeSdkUser } from '../api/load-sdk-user';

/**
 * The /auth wrapper in SDK mode (spec §4 "in SDK mode fetch SDK token info and store it in the user
 * state with default currency USD and the token as id"): the user known from the link is stored at
 * once, the token info is merged in when it arrives, and the screen shows after that — also when the
 * call failed, whose error is ignored (spec §8).
 */
export function SdkGate({ link, children }: { link: SdkLink; children?: ReactNode }) {
  const dispatch = useAppDispatch();
  const [ready, setReady] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    dispatch(setUserInfo(sdkUserFromLink(link)));
    takeSdkUser(link, { signal: controller.signal }).then(
      (user) => {
        if (controller.signal.aborted) return;
        dispatch(setUserInfo(user));
        setReady(true);
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [dispatch, link]);

  return <Suspense fallback={<PageSpinner />}>{ready ? (children ?? <Outlet />) : <SdkLoading />}</Suspense>;
}

function SdkLoading() {
  const { t } = useTranslation();
  return <PageSpinner label={t('sdk.loading')} />;
}
