import { pageMode } from '../../../lib/navigation/page-mode';
import { useLocation } from '../../../lib/router';
import { selectUser, useAppSelector } from '../../../lib/store/hooks';
import { KycVerification } from './kyc-verification';

/**
 * The verification flow of an SDK session (spec §2 route sdk, §6): kyc-info through the integration
 * endpoint; an update-POI session (the link's isUpdatePoi=true, or the token info saying so) runs the
 * level-1 capture as a re-verification (reason UPDATE_KYC), any other the next level that can start.
 * Afterwards the session's redirect_url when it has one, else the SDK landing path (spec §2): the same
 * route, so the flow is keyed by the navigation's entry and starts afresh from kyc-info (the level now
 * under review) instead of staying on its "Submitted" card.
 */
export function SdkVerification() {
  const user = useAppSelector(selectUser);
  const { key: entry } = useLocation();
  const fromTokenInfo = (user as { isUpdatePoi?: unknown }).isUpdatePoi === true;
  const isUpdatePoi = pageMode().sdk?.isUpdatePoi === 'true' || fromTokenInfo;
  return (
    <KycVerification
      key={`${isUpdatePoi ? 'update-poi' : 'next'}:${entry}`}
      request={isUpdatePoi ? { kind: 'reverification' } : { kind: 'next' }}
      useRedirectUrl
      showPersonalLink={false}
    />
  );
}
