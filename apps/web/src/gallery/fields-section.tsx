import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkEmail, checkMobile, checkUrl, type FieldCheck, type ValidationError } from '@kyc/contracts';
import { TextField } from '../ui/text-field';
import { GallerySection } from './gallery-section';

/** spec §5 rule errors → their texts. */
const ERROR_KEYS = {
  'invalid email': 'gallery.fields.errors.email',
  'invalid mobile number': 'gallery.fields.errors.mobile',
  'invalid url': 'gallery.fields.errors.url',
} as const satisfies Record<ValidationError, string>;

/** Text fields validated live by the shared rules (spec §5, §9); two start invalid to show the error. */
export function FieldsSection() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('name@example');
  const [mobile, setMobile] = useState('12345');
  const [website, setWebsite] = useState('');
  const errorOf = (check: FieldCheck) => (check.ok ? null : t(ERROR_KEYS[check.error]));

  return (
    <GallerySection title={t('gallery.fields.title')}>
      <div className="gallery-fields">
        <TextField
          id="gallery-email"
          label={t('gallery.fields.email')}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={errorOf(checkEmail(email))}
          hint={t('gallery.fields.emailHint')}
        />
        <TextField
          id="gallery-mobile"
          label={t('gallery.fields.mobile')}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          value={mobile}
          onChange={(event) => setMobile(event.target.value)}
          error={errorOf(checkMobile(mobile))}
          hint={t('gallery.fields.mobileHint')}
        />
        <TextField
          id="gallery-website"
          label={t('gallery.fields.website')}
          type="url"
          inputMode="url"
          value={website}
          onChange={(event) => setWebsite(event.target.value)}
          error={errorOf(checkUrl(website))}
        />
        <TextField
          id="gallery-account"
          label={t('gallery.fields.accountId')}
          value="100 245 871"
          dir="ltr"
          disabled
          readOnly
        />
      </div>
    </GallerySection>
  );
}
