import { useTranslation } from 'react-i18next';
import { formattingLocale, type CaseRisk } from '@kyc/contracts';
import { formatDateTime } from '../../../lib/format.ts';
import { useFactorName } from '../../../lib/risk-factor-name.ts';
import { Card } from '../../../ui/card.tsx';
import { RiskFactorAboutText } from './risk-factor-about.tsx';

type Assessment = NonNullable<CaseRisk>;

function LevelName({ level }: { level: Assessment['level'] }) {
  const { t } = useTranslation();
  if (level === 'high') return t('case.risk.levels.high');
  if (level === 'medium') return t('case.risk.levels.medium');
  return t('case.risk.levels.low');
}

/**
 * The case's "Risk" panel (issue 18, docs/screening.md "Risk score"): the person's level in words (the
 * colour only repeats it), the points against the thresholds of the weights version used, and every
 * factor with its points, what about the person raised it (in the reader's language, risk-factor-about.tsx;
 * the stored English detail only for assessments made before factors carried `about`) and where it comes
 * from (the list and its publication, the questionnaire question, the screening hit): never a bare
 * number. The source is the server's record (list names, URLs, question ids), cited as written.
 */
export function RiskSection({ risk }: { risk: CaseRisk | undefined }) {
  const { t, i18n } = useTranslation();
  const factorName = useFactorName();
  // Western digits in every language (D34), as every number of the back office.
  const count = (n: number) => new Intl.NumberFormat(formattingLocale(i18n.language)).format(n);
  return (
    <Card as="section" aria-labelledby="case-risk">
      <h2 id="case-risk">{t('case.risk.heading')}</h2>
      {!risk ? (
        <p>{t('case.risk.none')}</p>
      ) : (
        <>
          <dl className="ui-facts">
            <div>
              <dt>{t('case.risk.level')}</dt>
              <dd className={`case-risk__level case-risk__level--${risk.level}`}>
                <LevelName level={risk.level} />
              </dd>
            </div>
            <div>
              <dt>{t('case.risk.points')}</dt>
              <dd>{count(risk.points)}</dd>
            </div>
            <div>
              <dt>{t('case.risk.computedAt')}</dt>
              <dd>
                <time dateTime={new Date(risk.computedAt).toISOString()}>
                  {formatDateTime(risk.computedAt, i18n.language)}
                </time>
              </dd>
            </div>
            <div>
              <dt>{t('case.risk.weightsVersion')}</dt>
              <dd>{count(risk.weightsVersion)}</dd>
            </div>
          </dl>
          <h3 className="case-risk__factors-heading">{t('case.risk.factorsHeading')}</h3>
          {risk.factors.length === 0 ? (
            <p>{t('case.risk.noFactors')}</p>
          ) : (
            <ul className="case-risk__factors">
              {risk.factors.map((factor, i) => (
                <li key={`${factor.code}-${i}`} className="case-risk__factor">
                  <article aria-labelledby={`case-risk-factor-${i}`}>
                    <h4 id={`case-risk-factor-${i}`}>{factorName(factor.code)}</h4>
                    <dl className="ui-facts">
                      <div>
                        <dt>{t('case.risk.factorPoints')}</dt>
                        <dd>{count(factor.points)}</dd>
                      </div>
                      <div>
                        <dt>{t('case.risk.detail')}</dt>
                        <dd>
                          {factor.about ? (
                            <RiskFactorAboutText about={factor.about} />
                          ) : (
                            <bdi>{factor.detail}</bdi>
                          )}
                        </dd>
                      </div>
                      <div>
                        <dt>{t('case.risk.source')}</dt>
                        <dd className="case-risk__source">
                          <bdi dir="ltr">{factor.source}</bdi>
                        </dd>
                      </div>
                    </dl>
                  </article>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </Card>
  );
}
