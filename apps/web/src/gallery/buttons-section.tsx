import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, BUTTON_SIZES, BUTTON_VARIANTS } from '../ui/button';
import { toast } from '../ui/toast';
import { GallerySection } from './gallery-section';

/** Every size × variant (spec §9), the loading and disabled states, and a real form submission. */
export function ButtonsSection() {
  const { t } = useTranslation();
  const [submitting, setSubmitting] = useState(false);
  const [submissions, setSubmissions] = useState(0);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitting(true);
    setTimeout(() => {
      setSubmitting(false);
      setSubmissions((count) => count + 1);
      toast.show(t('gallery.toasts.samples.success'), { kind: 'success' });
    }, 1200);
  };

  return (
    <GallerySection title={t('gallery.buttons.title')}>
      <h3>{t('gallery.buttons.matrix')}</h3>
      <div
        className="gallery-scroll"
        role="region"
        aria-label={t('gallery.buttons.matrixRegion')}
        tabIndex={0}
      >
        <table className="gallery-matrix">
          <thead>
            <tr>
              <th scope="col">{t('gallery.buttons.variant')}</th>
              {BUTTON_SIZES.map((size) => (
                <th key={size} scope="col">
                  <code>{size}</code>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {BUTTON_VARIANTS.map((variant) => (
              <tr key={variant}>
                <th scope="row">
                  <code>{variant}</code>
                </th>
                {BUTTON_SIZES.map((size) => (
                  <td key={size}>
                    <Button variant={variant} size={size}>
                      {t('gallery.buttons.label')}
                    </Button>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <h3>{t('gallery.buttons.states')}</h3>
      <div className="gallery-row">
        {BUTTON_VARIANTS.map((variant) => (
          <Button key={variant} variant={variant} loading>
            {t('gallery.buttons.loading')}
          </Button>
        ))}
      </div>
      <div className="gallery-row">
        {BUTTON_VARIANTS.map((variant) => (
          <Button key={variant} variant={variant} disabled>
            {t('gallery.buttons.disabled')}
          </Button>
        ))}
      </div>
      <Button variant="primary" size="large" block>
        {t('gallery.buttons.block')}
      </Button>

      <h3>{t('gallery.buttons.form')}</h3>
      <form className="gallery-row" onSubmit={submit}>
        <Button type="submit" variant="primary" loading={submitting}>
          {t('gallery.buttons.submit')}
        </Button>
        <p aria-live="polite">{t('gallery.buttons.submitted', { count: submissions })}</p>
      </form>
    </GallerySection>
  );
}
