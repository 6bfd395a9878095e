import SdkScreen from '../features/sdk/screens/sdk-screen';
import { SdkVerification } from '../features/verification/components/sdk-verification';

/**
 * The route module of /auth/sdk (spec §2): the SDK landing screen with the verification feature's flow
 * (features never import each other; the app layer combines them, docs/architecture.md).
 */
export default function SdkRoute() {
  return <SdkScreen verification={<SdkVerification />} />;
}
