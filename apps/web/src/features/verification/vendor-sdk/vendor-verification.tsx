/**
 * A level verified at a vendor, in the browser (docs/kyc.md "Verification at a vendor, in the
 * browser"): a session from get-verification-sdk-info, the vendor's script once per URL, the vendor's
 * own flow in our container (Jumio: its page in an iframe), then our "Submitted — under review". Its own
 * lazy chunk: nobody verified in-house downloads it. Every failure ends in a translated message with
 * Retry (30061: the vendor is not answering), never in a spinner that stays.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { KycStepLevel } from '@kyc/contracts';
import { currentLanguage } from '../../../lib/language/current';
import { isApiError } from '../../../lib/http';
import { errorMessage } from '../../../lib/i18n/error-message';
import { ErrorState } from '../../../ui/error-state';
import { Spinner } from '../../../ui/spinner';
import { getVerificationSdkInfo } from '../api/verification-sdk-info';
import { launchVendorSdk, needsScript, type VendorLaunch, type VendorProvider } from './launch-vendor-sdk';
import { loadScript } from './load-script';
import { VendorSubmitted } from './vendor-submitted';
import './vendor-sdk.css';

/** The container's id: Onfido's containerId and Sumsub's selector name it. */
export const VENDOR_CONTAINER_ID = 'vendor-sdk-container';

export interface VendorVerificationProps {
  provider: VendorProvider;
  level: KycStepLevel;
  onFinished: () => void;
  /** SDK mode: the way on is the after-a-step target ("Continue"), not the personal page. */
  sdkMode?: boolean;
  /** Tests: a shorter kyc-info poll after the submission. */
  pollIntervalMs?: number;
  pollLimitMs?: number;
}

type Phase =
  | { kind: 'opening' }
  | { kind: 'running'; flowUrl: string }
  | { kind: 'submitted' }
  | { kind: 'error'; message: string };

export default function VendorVerification({
  provider,
  level,
  onFinished,
  sdkMode = false,
  pollIntervalMs,
  pollLimitMs,
}: VendorVerificationProps) {
  const { t, i18n } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'opening' });
  // Each attempt (first open, Retry, a fresh token after expiry) asks for a new session.
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => {
    setPhase({ kind: 'opening' });
    setAttempt((n) => n + 1);
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    let launch: VendorLaunch | null = null;
    const fail = (message: string) => {
      if (!signal.aborted) setPhase({ kind: 'error', message });
    };
    const freshToken = async () => {
      const info = await getVerificationSdkInfo({ level }, { signal, silent: true });
      if (!info.vendorSdk) throw new Error('no vendor session');
      return info.vendorSdk.token;
    };
    (async () => {
      let info;
      try {
        info = await getVerificationSdkInfo({ level }, { signal, silent: true });
      } catch (error) {
        if (signal.aborted) return;
        fail(isApiError(error) ? errorMessage(i18n, error) : t('vendorSdk.errors.failed'));
        return;
      }
      const session = info.vendorSdk;
      if (signal.aborted) return;
      if (!session) return fail(t('vendorSdk.errors.failed'));
      if (needsScript(provider, session)) {
        try {
          await loadScript(session.sdkUrl);
        } catch {
          return fail(t('vendorSdk.errors.script'));
        }
      }
      if (signal.aborted || !container.current) return;
      try {
        launch = launchVendorSdk(provider, session, container.current, {
          lang: currentLanguage(),
          frameTitle: t('vendorSdk.frameTitle'),
          refreshToken: freshToken,
          onSubmitted: () => {
            if (!signal.aborted) setPhase({ kind: 'submitted' });
          },
          onError: (kind) => {
            if (signal.aborted) return;
            if (kind === 'expired') retry();
            else fail(t('vendorSdk.errors.failed'));
          },
        });
        setPhase({ kind: 'running', flowUrl: provider === 'jumio' ? session.flowUrl : '' });
      } catch {
        fail(t('vendorSdk.errors.script'));
      }
    })();
    return () => {
      controller.abort();
      launch?.destroy();
    };
  }, [attempt, level, provider, i18n, t, retry]);

  if (phase.kind === 'submitted') {
    return (
      <VendorSubmitted
        level={level}
        onFinished={onFinished}
        finishLabel={t(sdkMode ? 'vendorSdk.continue' : 'vendorSdk.back')}
        pollIntervalMs={pollIntervalMs}
        pollLimitMs={pollLimitMs}
      />
    );
  }
  return (
    <div className="vendor-sdk" data-provider={provider}>
      {phase.kind === 'opening' ? (
        <div className="vendor-sdk__loading">
          <Spinner label={t('vendorSdk.loading')} />
        </div>
      ) : null}
      {phase.kind === 'error' ? (
        <ErrorState
          title={t('vendorSdk.errors.title')}
          message={phase.message}
          actionLabel={t('vendorSdk.retry')}
          onAction={retry}
        />
      ) : null}
      <div
        ref={container}
        id={VENDOR_CONTAINER_ID}
        data-testid={VENDOR_CONTAINER_ID}
        className="vendor-sdk__container"
        role="region"
        aria-label={t('vendorSdk.containerLabel')}
        hidden={phase.kind === 'error'}
      />
      {phase.kind === 'running' && phase.flowUrl ? (
        <a className="vendor-sdk__open" href={phase.flowUrl} target="_blank" rel="noopener noreferrer">
          {t('vendorSdk.openInNewWindow')}
        </a>
      ) : null}
    </div>
  );
}
