import PersonalScreen from '../features/verification/screens/personal-screen';
import { RecentSignInsSection } from '../features/security/components/recent-sign-ins-section';
import { AuthenticatorSection } from '../features/authenticator/components/authenticator-section';
import { IdentityTransferSection } from '../features/identity-transfer/components/identity-transfer-section';
import { VerifiedDetailsSection } from '../features/verified-details/components/verified-details-section';
import { DataExportSection } from '../features/data-export/components/data-export-section';

/**
 * The personal page as the app composes it: the verification feature's screen with the sections other
 * features add below it (features never import each other, docs/architecture.md). Each section loads its
 * own code after the first paint.
 */
export default function PersonalPage() {
  return (
    <PersonalScreen
      sections={
        <>
          <VerifiedDetailsSection />
          <IdentityTransferSection />
          <AuthenticatorSection />
          <RecentSignInsSection />
          <DataExportSection />
        </>
      }
    />
  );
}
