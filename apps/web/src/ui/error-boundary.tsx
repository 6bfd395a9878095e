/**
 * Error boundaries at three depths (docs/architecture.md): the app, the routed screen, and the
 * widgets that can fail alone (header, footer, messages, the personal page's sections). A render
 * error or a chunk that failed to load is caught at the nearest one, which shows a translated message
 * and Retry instead of unmounting the app; Retry imports failed chunks again (lib/lazy) and renders
 * the part again. Each caught error is reported once (telemetry 'render-error').
 */
import { Component, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { retryFailedImports } from '../lib/lazy/retryable-lazy';
import { reportTelemetry } from '../lib/telemetry/telemetry';
import { Button } from './button';
import { ErrorState } from './error-state';
import './error-boundary.css';

export type BoundaryDepth = 'app' | 'screen' | 'widget';

interface ErrorBoundaryProps {
  depth: BoundaryDepth;
  /** When this changes (the screen boundary gets the path), a failure is forgotten: leaving recovers. */
  resetKey?: unknown;
  children: ReactNode;
}

interface ErrorBoundaryState {
  failed: boolean;
  resetKey: unknown;
}

export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<ErrorBoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: ErrorBoundaryProps, state: ErrorBoundaryState) {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    reportTelemetry({
      type: 'render-error',
      depth: this.props.depth,
      message: error instanceof Error ? error.message : String(error),
      componentStack: info.componentStack ?? '',
    });
  }

  retry = () => {
    retryFailedImports();
    this.setState({ failed: false });
  };

  override render() {
    if (!this.state.failed) return this.props.children;
    // The fallback's text may still be loading when the app itself failed early.
    return (
      <Suspense fallback={null}>
        <BoundaryFallback depth={this.props.depth} onRetry={this.retry} />
      </Suspense>
    );
  }
}

function BoundaryFallback({ depth, onRetry }: { depth: BoundaryDepth; onRetry: () => void }) {
  const { t } = useTranslation();
  if (depth === 'widget')
    return (
      <div className="error-boundary error-boundary--widget" role="alert">
        <p>{t('errorBoundary.widget')}</p>
        <Button size="small" onClick={onRetry}>
          {t('errorBoundary.retry')}
        </Button>
      </div>
    );
  return (
    <div className="error-boundary">
      <ErrorState
        headingLevel={depth === 'app' ? 1 : 2}
        title={t(depth === 'app' ? 'errorBoundary.app' : 'errorBoundary.screen')}
        message={t('errorBoundary.hint')}
        actionLabel={t('errorBoundary.retry')}
        onAction={onRetry}
      />
    </div>
  );
}
