import { useTranslation } from 'react-i18next';
import { useScreenTitle } from '../../../lib/i18n/use-screen-title';
import { useLocation } from '../../../lib/router';
import { KycVerification, type FlowRequest } from '../components/kyc-verification';

/** The level of /auth/kyc?level=1|2 (the step cards link there); anything else is level 1. */
export function requestedLevel(search: string): 1 | 2 {
  return new URLSearchParams(search).get('level') === '2' ? 2 : 1;
}

/**
 * /auth/kyc (spec §2): document verification. Level 1: issuing country, document type, the document's
 * sides and a selfie; level 2: a proof of address. Both are reviewed in the back office.
 */
export default function KycScreen() {
  const { t } = useTranslation();
  const title = useScreenTitle('screens.kyc');
  const { search } = useLocation();
  const level = requestedLevel(search);
  const request: FlowRequest = { kind: 'level', level };
  return (
    <div className="page">
      <h1>{title}</h1>
      <p className="page__intro">{t(level === 2 ? 'capture.intro.level2' : 'capture.intro.level1')}</p>
      <KycVerification key={level} request={request} />
    </div>
  );
}
