import { useTranslation } from 'react-i18next';
import { abbreviateNumber } from '../lib/format/abbreviate-number';
import { formatThousands } from '../lib/format/format-thousands';
import { Card } from '../ui/card';
import { ErrorState } from '../ui/error-state';
import { Spinner } from '../ui/spinner';
import { toast } from '../ui/toast';
import { GallerySection } from './gallery-section';

export function CardsSection() {
  const { t } = useTranslation();
  return (
    <GallerySection title={t('gallery.cards.title')}>
      <div className="gallery-cards">
        <Card title={t('gallery.cards.cardTitle')} headingLevel={3}>
          <p>{t('gallery.cards.cardBody')}</p>
        </Card>
        <Card>
          <p>{t('gallery.cards.untitled')}</p>
        </Card>
      </div>
    </GallerySection>
  );
}

export function SpinnersSection() {
  const { t } = useTranslation();
  return (
    <GallerySection title={t('gallery.spinner.title')}>
      <div className="gallery-row">
        <Spinner size="small" />
        <Spinner />
        <Spinner label={t('gallery.spinner.label')} />
      </div>
    </GallerySection>
  );
}

export function ErrorStateSection() {
  const { t } = useTranslation();
  return (
    <GallerySection title={t('gallery.errorState.title')}>
      <ErrorState
        title={t('gallery.errorState.heading')}
        message={t('gallery.errorState.message')}
        actionLabel={t('gallery.errorState.retry')}
        onAction={() => toast.show(t('gallery.toasts.samples.info'), { kind: 'info' })}
        headingLevel={3}
      />
      <ErrorState
        title={t('gallery.errorState.heading')}
        message={t('gallery.errorState.message')}
        headingLevel={3}
      />
    </GallerySection>
  );
}

const NUMBERS = [999, 1234, -56_789, 999_999, 2_500_000, 7_500_000_000, 1_234_567.891];

/** spec §9 number abbreviation and thousands separators, in the gallery's language. */
export function NumbersSection({ language }: { language: string }) {
  const { t } = useTranslation();
  return (
    <GallerySection title={t('gallery.numbers.title')}>
      {/* Fits a phone's width (wrapping, not scrolling), so it needs no scrollable region of its own. */}
      <div>
        <table className="gallery-matrix gallery-numbers">
          <thead>
            <tr>
              <th scope="col">{t('gallery.numbers.value')}</th>
              <th scope="col">{t('gallery.numbers.abbreviated')}</th>
              <th scope="col">{t('gallery.numbers.grouped')}</th>
            </tr>
          </thead>
          <tbody>
            {NUMBERS.map((value) => (
              <tr key={value}>
                <th scope="row">
                  <bdi>
                    <code>{String(value)}</code>
                  </bdi>
                </th>
                <td>
                  <bdi>{abbreviateNumber(value)}</bdi>
                </td>
                <td>
                  <bdi>{formatThousands(value, { language })}</bdi>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </GallerySection>
  );
}
