import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/button';
import { MESSAGE_KIND_LABEL_KEYS } from '../ui/message-kind';
import type { MessageState } from '../ui/message-queue';
import { notification, type NotificationKind } from '../ui/notification';
import { NotificationView } from '../ui/notification-view';
import { GallerySection } from './gallery-section';

const SAMPLES = [
  {
    kind: 'success',
    title: 'gallery.notifications.samples.successTitle',
    description: 'gallery.notifications.samples.successDescription',
  },
  {
    kind: 'fail',
    title: 'gallery.notifications.samples.failTitle',
    description: 'gallery.notifications.samples.failDescription',
  },
  {
    kind: 'info',
    title: 'gallery.notifications.samples.infoTitle',
    description: 'gallery.notifications.samples.infoDescription',
  },
  {
    kind: 'warn',
    title: 'gallery.notifications.samples.warnTitle',
    description: 'gallery.notifications.samples.warnDescription',
  },
  {
    kind: undefined,
    title: 'gallery.notifications.samples.plainTitle',
    description: 'gallery.notifications.samples.plainDescription',
  },
] as const satisfies readonly { kind: NotificationKind | undefined; title: string; description: string }[];

type Sample = (typeof SAMPLES)[number];

function StaticNotification({ sample }: { sample: Sample }) {
  const { t } = useTranslation();
  const [state, setState] = useState<MessageState>('open');
  return (
    <div className="gallery-static">
      <NotificationView
        kind={sample.kind}
        title={t(sample.title)}
        description={t(sample.description)}
        state={state}
        onClose={() => setState('closed')}
      />
      {state === 'closed' ? (
        <Button size="small" onClick={() => setState('open')}>
          {t('gallery.toasts.showAgain')}
        </Button>
      ) : null}
    </div>
  );
}

/** spec §9 notification: each kind live (4.5 s, at most 4, bottom right) and static copies. */
export function NotificationsSection() {
  const { t } = useTranslation();
  return (
    <GallerySection title={t('gallery.notifications.title')}>
      <h3>{t('gallery.notifications.trigger')}</h3>
      <div className="gallery-row">
        {SAMPLES.map((sample) => (
          <Button
            key={sample.title}
            onClick={() =>
              notification.open({
                kind: sample.kind,
                title: t(sample.title),
                description: t(sample.description),
              })
            }
          >
            {sample.kind ? t(MESSAGE_KIND_LABEL_KEYS[sample.kind]) : t('gallery.notifications.plain')}
          </Button>
        ))}
      </div>
      <h3>{t('gallery.notifications.static')}</h3>
      <div className="gallery-notifications">
        {SAMPLES.map((sample) => (
          <StaticNotification key={sample.title} sample={sample} />
        ))}
      </div>
    </GallerySection>
  );
}
