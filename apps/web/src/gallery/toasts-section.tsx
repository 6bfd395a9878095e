import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/button';
import { MESSAGE_KIND_LABEL_KEYS, type ToastKind } from '../ui/message-kind';
import type { MessageState } from '../ui/message-queue';
import { toast, ToastView } from '../ui/toast';
import { GallerySection } from './gallery-section';

const KINDS: readonly ToastKind[] = ['success', 'fail', 'info', 'warn', 'process'];

const SAMPLE_KEYS = {
  success: 'gallery.toasts.samples.success',
  fail: 'gallery.toasts.samples.fail',
  info: 'gallery.toasts.samples.info',
  warn: 'gallery.toasts.samples.warn',
  process: 'gallery.toasts.samples.process',
} as const satisfies Record<ToastKind, string>;

const PROCESS_ID = 'gallery-process';

/** A toast outside the live region; dismissing it plays the closed state, "Show again" reopens it. */
function StaticToast({ kind }: { kind: ToastKind }) {
  const { t } = useTranslation();
  const [state, setState] = useState<MessageState>('open');
  return (
    <div className="gallery-static">
      <ToastView
        kind={kind}
        message={t(SAMPLE_KEYS[kind])}
        state={state}
        onDismiss={() => setState('closed')}
      />
      {state === 'closed' ? (
        <Button size="small" onClick={() => setState('open')}>
          {t('gallery.toasts.showAgain')}
        </Button>
      ) : null}
    </div>
  );
}

/** spec §9 toast: each kind live (at most 3, newest first), a process toast that stays, static copies. */
export function ToastsSection() {
  const { t } = useTranslation();
  return (
    <GallerySection title={t('gallery.toasts.title')}>
      <h3>{t('gallery.toasts.trigger')}</h3>
      <div className="gallery-row">
        {KINDS.map((kind) => (
          <Button key={kind} onClick={() => toast.show(t(SAMPLE_KEYS[kind]), { kind })}>
            {t(MESSAGE_KIND_LABEL_KEYS[kind])}
          </Button>
        ))}
        <Button
          variant="secondaryBrand"
          onClick={() => toast.show(t(SAMPLE_KEYS.process), { kind: 'process', duration: 0, id: PROCESS_ID })}
        >
          {t('gallery.toasts.startProcess')}
        </Button>
        <Button
          variant="secondaryBrand"
          onClick={() => toast.show(t(SAMPLE_KEYS.success), { kind: 'success', id: PROCESS_ID })}
        >
          {t('gallery.toasts.finishProcess')}
        </Button>
      </div>
      <h3>{t('gallery.toasts.static')}</h3>
      <div className="gallery-stack">
        {KINDS.map((kind) => (
          <StaticToast key={kind} kind={kind} />
        ))}
      </div>
    </GallerySection>
  );
}
