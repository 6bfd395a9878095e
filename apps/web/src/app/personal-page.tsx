import { useState } from 'react';
import type { AccountClosureResult } from '@kyc/contracts';
import PersonalScreen from '../features/verification/screens/personal-screen';
import { RecentSignInsSection } from '../features/security/components/recent-sign-ins-section';
import { AuthenticatorSection } from '../features/authenticator/components/authenticator-section';
import { IdentityTransferSection } from '../features/identity-transfer/components/identity-transfer-section';
import { VerifiedDetailsSection } from '../features/verified-details/components/verified-details-section';
import { DataExportSection } from '../features/data-export/components/data-export-section';
import {
  AccountClosedPage,
  AccountClosureSection,
} from '../features/account-closure/components/account-closure-section';

/**
 * The personal page as the app composes it: the verification feature's screen with the sections other
 * features add below it (features never import each other, docs/architecture.md). Each section loads its
 * own code after the first paint. Once the account is closed (issue 20) the page is the final screen:
 * every session has ended, so nothing else on it could still work.
 */
export default function PersonalPage() {
  const [closed, setClosed] = useState<AccountClosureResult | null>(null);
  if (closed) return <AccountClosedPage result={closed} />;
  return (
    <PersonalScreen
      sections={
        <>
          <VerifiedDetailsSection />
          <IdentityTransferSection />
          <AuthenticatorSection />
          <RecentSignInsSection />
          <DataExportSection />
          <AccountClosureSection onClosed={setClosed} />
        </>
      }
    />
  );
}
