import type { DisplayUpdatePoi, KycInfo, KycStateEntry, KycStepStatus } from '@kyc/contracts';

/** kyc-info answers for component tests (docs/kyc.md): by default a level 1 user, step 2 open. */
export function kycStateEntry(level: number, status: KycStepStatus, rejectReason = ''): KycStateEntry {
  return { level, status, type: 'INDIVIDUAL', rejectReasonCode: rejectReason ? 'R1' : '', rejectReason };
}

const NO_POI: DisplayUpdatePoi = {
  status: 'DisplayUpdatePOIStatus_No',
  rejectReason: '',
  deadline: null,
  siteInfo: { site: 'GLOBAL', country: '' },
};

export function kycInfoFixture(
  overrides: Partial<KycInfo> = {},
  poi: Partial<DisplayUpdatePoi> = {},
): KycInfo {
  return {
    applicant: { country: 'DE', firstname: 'Lena', lastname: 'Schmidt', level: 1, identifies: [] },
    apiUrl: '',
    provider: 'default',
    flowNames: { current: 'Level2_web', second: 'Level2_web' },
    opened: true,
    limitation: 'LIMITATION_DEFAULT',
    limitationInfo: null,
    state: [kycStateEntry(1, 'SUCCESS'), kycStateEntry(2, 'ALLOW')],
    quotas: [
      { level: 0, coinLimit: [{ coin: 'BTC', limit: 0 }] },
      { level: 1, coinLimit: [{ coin: 'BTC', limit: 2 }] },
      { level: 2, coinLimit: [{ coin: 'BTC', limit: 100 }] },
    ],
    currentLevelQuota: 2,
    errorNotify: false,
    second_identity_state: 'UNDEFINED',
    questionnaireStatus: 'UNDEFINED',
    mustQuestionnaire: false,
    custody: 'CUSTODY_UNSPECIFIED',
    custodyInfo: null,
    newSatosGray: false,
    additionalRejectReason: '',
    residenceCountry: 'DE',
    bannerTags: [],
    kybQuota: 0,
    verificationProcess: { isVerificationProcess: false, tasks: [] },
    displayControl: {
      displayHkgPoaAgreement: false,
      isDisplayQuestionnaire: false,
      isDisplayP2pRights: true,
      isDisplayNewSatos: false,
      isDisplayNewRcOnboarding: false,
      displayUpdatePOI: { ...NO_POI, ...poi },
    },
    ...overrides,
  };
}
