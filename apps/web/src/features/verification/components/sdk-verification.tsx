import { pageMode } from '../../../lib/navigation/page-mode';
import { selectUser, useAppSelector } from '../../../lib/store/hooks';
import { KycVerification } from './kyc-verification';

/**
 * The verification flow of an SDK session (spec §2 route sdk, §6): kyc-info through the integration
 * endpoint; an update-POI session (the link's isUpdatePoi=true, or the token info saying so) runs the
 * level-1 capture as a re-verification (reason UPDATE_KYC), any other the next level that can start.
 * Afterwards the session's redirect_url when it has one, else the SDK landing path (spec §2).
 */
export function SdkVerification() {
  const user = useAppSelector(selectUser);
  const fromTokenInfo = (user as { isUpdatePoi?: unknown }).isUpdatePoi === true;
  const isUpdatePoi = pageMode().sdk?.isUpdatePoi === 'true' || fromTokenInfo;
  return (
    <KycVerification
      key={isUpdatePoi ? 'update-poi' : 'next'}
      request={isUpdatePoi ? { kind: 'reverification' } : { kind: 'next' }}
      useRedirectUrl
      showPersonalLink={false}
    />
  );
}
