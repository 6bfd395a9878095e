import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { RET_CODES } from '@kyc/contracts';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessageKey } from '../../../lib/error-message.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import {
  parsePoints,
  putRiskWeights,
  RISK_FACTOR_CODES,
  sameWeights,
  type RiskFactorCodeName,
  type RiskWeightsBody,
  type RiskWeightsView,
} from '../api/risk-weights.ts';
import { useFactorName } from '../../../lib/risk-factor-name.ts';

type Texts = { factors: Record<RiskFactorCodeName, string>; medium: string; high: string };
type Errors = { factors: Partial<Record<RiskFactorCodeName, string>>; medium?: string; high?: string };

const textsOf = (w: RiskWeightsBody): Texts => ({
  factors: Object.fromEntries(RISK_FACTOR_CODES.map((c) => [c, String(w.factors[c])])) as Texts['factors'],
  medium: String(w.thresholds.medium),
  high: String(w.thresholds.high),
});

/** One factor's points: a number field labelled by the factor's name (the row's header). */
function PointsInput({
  label,
  value,
  error,
  onChange,
}: {
  label: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="risk-weights__points">
      <input
        className="ui-field__control"
        inputMode="numeric"
        aria-label={label}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {error ? (
        <span className="ui-field__error" id={`${id}-error`}>
          {error}
        </span>
      ) : null}
    </div>
  );
}

interface WeightsFormProps {
  view: RiskWeightsView;
  editable: boolean;
  onSaved: (saved: RiskWeightsView) => void;
  /** Someone saved a newer version meanwhile (61021): the page offers a reload. */
  onStale: () => void;
}

/**
 * Every factor with its points and the medium and high thresholds. Read-only without
 * `edit_risk_weights`; otherwise each value is a field, checked here as whole numbers and by the server
 * for the thresholds' order (61020, shown at the high threshold), saved over the version read (61021).
 */
export function WeightsForm({ view, editable, onSaved, onStale }: WeightsFormProps) {
  const { t } = useTranslation();
  const factorName = useFactorName();
  const [texts, setTexts] = useState<Texts>(() => textsOf(view.weights));
  const [errors, setErrors] = useState<Errors>({ factors: {} });
  const [notice, setNotice] = useState<{ tone: 'info' | 'error'; text: string } | null>(null);
  const [saving, setSaving] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setNotice(null);
    const found: Errors = { factors: {} };
    const factors = {} as RiskWeightsBody['factors'];
    for (const code of RISK_FACTOR_CODES) {
      const points = parsePoints(texts.factors[code], 0);
      if (points === null) found.factors[code] = t('riskWeights.errors.points');
      else factors[code] = points;
    }
    const medium = parsePoints(texts.medium, 1);
    const high = parsePoints(texts.high, 1);
    if (medium === null) found.medium = t('riskWeights.errors.threshold');
    if (high === null) found.high = t('riskWeights.errors.threshold');
    setErrors(found);
    if (Object.keys(found.factors).length > 0 || medium === null || high === null) return;
    const weights: RiskWeightsBody = { factors, thresholds: { medium, high } };
    if (sameWeights(weights, view.weights)) {
      setNotice({ tone: 'info', text: t('riskWeights.unchanged') });
      return;
    }
    setSaving(true);
    try {
      onSaved(await putRiskWeights({ baseVersion: view.version, weights }));
    } catch (error) {
      if (isApiError(error, RET_CODES.RISK_WEIGHTS_VERSION_CHANGED.code)) onStale();
      else if (isApiError(error, RET_CODES.RISK_WEIGHTS_INVALID.code))
        setErrors({ factors: {}, high: t('riskWeights.errors.order') });
      else setNotice({ tone: 'error', text: t(errorMessageKey(error)) });
    } finally {
      setSaving(false);
    }
  };

  const setFactor = (code: RiskFactorCodeName, value: string) =>
    setTexts((s) => ({ ...s, factors: { ...s.factors, [code]: value } }));

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="risk-weights-form">
      <Card as="section" aria-labelledby="risk-weights-factors">
        <h2 id="risk-weights-factors">{t('riskWeights.factorsHeading')}</h2>
        <div className="risk-weights__table-wrap">
          <table className="risk-weights__table">
            <caption className="visually-hidden">{t('riskWeights.tableCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('riskWeights.columns.factor')}</th>
                <th scope="col">{t('riskWeights.columns.points')}</th>
              </tr>
            </thead>
            <tbody>
              {RISK_FACTOR_CODES.map((code) => (
                <tr key={code}>
                  <td>{factorName(code)}</td>
                  <td>
                    {editable ? (
                      <PointsInput
                        label={t('riskWeights.pointsOf', { factor: factorName(code) })}
                        value={texts.factors[code]}
                        error={errors.factors[code]}
                        onChange={(value) => setFactor(code, value)}
                      />
                    ) : (
                      view.weights.factors[code]
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Card>
      <Card as="section" aria-labelledby="risk-weights-thresholds">
        <h2 id="risk-weights-thresholds">{t('riskWeights.thresholdsHeading')}</h2>
        <p>{t('riskWeights.thresholdsRule')}</p>
        {editable ? (
          <div className="risk-weights__thresholds">
            <TextField
              label={t('riskWeights.medium')}
              inputMode="numeric"
              value={texts.medium}
              onChange={(event) => setTexts((s) => ({ ...s, medium: event.target.value }))}
              error={errors.medium}
            />
            <TextField
              label={t('riskWeights.high')}
              inputMode="numeric"
              value={texts.high}
              onChange={(event) => setTexts((s) => ({ ...s, high: event.target.value }))}
              error={errors.high}
            />
          </div>
        ) : (
          <dl className="risk-weights__levels">
            <dt>{t('riskWeights.medium')}</dt>
            <dd>{view.weights.thresholds.medium}</dd>
            <dt>{t('riskWeights.high')}</dt>
            <dd>{view.weights.thresholds.high}</dd>
          </dl>
        )}
      </Card>
      {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
      {editable ? (
        <div className="risk-weights__actions">
          <Button type="submit" busy={saving}>
            {saving ? t('riskWeights.saving') : t('riskWeights.save')}
          </Button>
        </div>
      ) : null}
    </form>
  );
}
