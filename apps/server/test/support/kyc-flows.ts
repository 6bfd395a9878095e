/**
 * Helpers of the KYC tests: multipart uploads as a browser sends them, SDK calls with the spec §6 headers,
 * signed-in users and staff, and the state many tests start from (a user with a level-1 case under review).
 */
import type { FastifyInstance } from 'fastify';
import { CAPTURE_CONSENT_VERSION, type Envelope, type KycInfo } from '@kyc/contracts';
import { TestClient, databaseOf, parseEnvelope, signedInClient } from './test-app.ts';
import { documentJpeg } from '../../src/domain/checks/quality/synthetic-images.ts';
import { base32Decode, totpAt } from '../../src/lib/totp.ts';
import { DEMO_PASSWORD, DEMO_STAFF } from '../../src/seed/demo.ts';
import { FIRST_PARTY_APP_CREDENTIALS, partnerInject } from './partner-calls.ts';

export type Result = Record<string, unknown>;
export type Answer = Envelope<Result | null>;

const BOUNDARY = '----kyc-flows-boundary-51c2';

export function multipart(
  side: string,
  bytes: Buffer,
  type = 'image/jpeg',
  fields: Record<string, string> = {},
) {
  const field = (name: string, value: string) =>
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  const payload = Buffer.concat([
    field('side', side),
    ...Object.entries(fields).map(([name, value]) => field(name, value)),
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="photo.jpg"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } };
}

let jpegCache: Buffer | undefined;
/** A photo-like document (1200×800, textured) that passes the image-quality checks of uploads. */
export async function jpeg(): Promise<Buffer> {
  jpegCache ??= await documentJpeg();
  return jpegCache;
}

/** The consent and declaration the capture's consent step sends (docs/kyc.md "Consent and declaration"). */
export const TEST_CONSENT = {
  privacy: true,
  declaration: true,
  version: CAPTURE_CONSENT_VERSION,
  language: 'en',
} as const;

/** A level-2 residence address. */
export const TEST_RESIDENCE = {
  country: 'DE',
  line1: 'Unter den Linden 1',
  city: 'Berlin',
  postalCode: '10117',
} as const;

export const randomKey = () => `key-${Math.random().toString(36).slice(2)}`;

/** A signed-in end user (demo password) with upload / post helpers. */
export const userClient = (app: FastifyInstance, email: string): Promise<TestClient> =>
  signedInClient(app, email, DEMO_PASSWORD);

export async function uploadAs(client: TestClient, side: string): Promise<string> {
  const { envelope } = await client.send('POST', '/v3/private/kyc/upload-document', undefined, {
    ...multipart(side, await jpeg()),
  });
  if (envelope?.ret_code !== 0) throw new Error(`upload failed: ${JSON.stringify(envelope)}`);
  return String((envelope.result as Result).documentId);
}

/** The two images of a passport (front and selfie), uploaded by this user; answers their ids. */
export async function passportDocuments(client: TestClient): Promise<string[]> {
  return [await uploadAs(client, 'front'), await uploadAs(client, 'selfie')];
}

export async function postWithKey(
  client: TestClient,
  url: string,
  body: unknown,
  key = randomKey(),
  headers: Record<string, string> = {},
) {
  const { envelope, response } = await client.post(url, body, {
    headers: { 'idempotency-key': key, ...headers },
  });
  return { envelope: envelope as Answer, status: response.statusCode };
}

/** The current TOTP code of a demo staff member (their seeded secret). */
export function demoTotpCode(email: string, now = Date.now()): string {
  const member = DEMO_STAFF.find((m) => m.email === email);
  if (!member) throw new Error(`no demo staff ${email}`);
  return totpAt(base32Decode(member.totpSecret), now);
}

/** Per database (the server keeps the last accepted step there), else per app. */
const usedSteps = new WeakMap<object, Map<string, number>>();
const stateKey = (app: FastifyInstance): object => databaseOf(app) ?? app;

/**
 * A demo member's code that this app has not accepted yet: each TOTP step signs in once (issue 11), so
 * a test that signs the same member in again (on any app of the same database) takes a later step of the accepted window (the previous
 * step while the current one is young, the current, then the next). A fourth sign-in of one member
 * within 30 seconds waits for the clock.
 */
export async function freshDemoTotpCode(app: FastifyInstance, email: string): Promise<string> {
  const member = DEMO_STAFF.find((m) => m.email === email);
  if (!member) throw new Error(`no demo staff ${email}`);
  const steps = usedSteps.get(stateKey(app)) ?? new Map<string, number>();
  usedSteps.set(stateKey(app), steps);
  for (;;) {
    const now = Date.now();
    const current = Math.floor(now / 30_000);
    const earliest = now % 30_000 < 20_000 ? current - 1 : current;
    const step = Math.max(earliest, (steps.get(email) ?? -Infinity) + 1);
    if (step <= current + 1) {
      steps.set(email, step);
      return totpAt(base32Decode(member.totpSecret), step * 30_000);
    }
    await new Promise((resolve) => setTimeout(resolve, 30_000 - (now % 30_000) + 50));
  }
}

const signInsInFlight = new WeakMap<object, Map<string, Promise<unknown>>>();

/**
 * Signed-in staff member (demo TOTP secrets; works whether DEMO_STAFF_TOTP is required or not). Sign-ins
 * of one member run one after another: the server accepts only a step later than the last one it
 * accepted, so two at once with steps s and s+1 could reach it in the other order and the second fail.
 */
export async function staffClient(app: FastifyInstance, email: string): Promise<TestClient> {
  const inFlight = signInsInFlight.get(stateKey(app)) ?? new Map<string, Promise<unknown>>();
  signInsInFlight.set(stateKey(app), inFlight);
  const previous = inFlight.get(email) ?? Promise.resolve();
  const signIn = previous
    .catch(() => undefined)
    .then(async () => {
      const client = new TestClient(app);
      await client.get('/backoffice/');
      const { envelope } = await client.post('/backoffice/api/login', {
        email,
        password: DEMO_PASSWORD,
        totpCode: await freshDemoTotpCode(app, email),
      });
      if (envelope?.ret_code !== 0) throw new Error(`staff sign-in failed: ${JSON.stringify(envelope)}`);
      return client;
    });
  inFlight.set(email, signIn);
  return signIn;
}

export async function decide(staff: TestClient, userId: number, body: unknown): Promise<Answer> {
  const { envelope } = await staff.post(`/backoffice/api/cases/${userId}/decisions`, body);
  return envelope as Answer;
}

/**
 * A user with a case: a passport (front and selfie, issued by `country`) submitted for level 1, which
 * is now PENDING. Answers the signed-in client and the submission's answer.
 */
export async function userWithCase(app: FastifyInstance, email: string, country = 'DE') {
  const client = await userClient(app, email);
  const body = {
    level: 1,
    documentType: 'PASSPORT',
    country,
    documentIds: await passportDocuments(client),
    consent: TEST_CONSENT,
  };
  const submitted = await postWithKey(client, '/v3/private/kyc/submit', body);
  if (submitted.envelope.ret_code !== 0)
    throw new Error(`submit failed: ${JSON.stringify(submitted.envelope)}`);
  return { client, submitted: submitted.envelope.result as Result };
}

/**
 * A token the exchange's own app (first party, so by email or uid) issues for a user (its `from` decides
 * the channel: 'web' or an app). A third-party partner reaches a user only through a link (partner-links).
 */
export async function partnerToken(
  app: FastifyInstance,
  email: string,
  from: string,
  isUpdatePoi = false,
): Promise<string> {
  return partnerTokenOf(app, { email }, from, isUpdatePoi);
}

/** The same for a user named by email or by uid, as partners may do either. */
export async function partnerTokenOf(
  app: FastifyInstance,
  user: { email: string } | { uid: number },
  from: string,
  isUpdatePoi = false,
): Promise<string> {
  const response = await partnerInject(app, FIRST_PARTY_APP_CREDENTIALS, {
    url: '/v1/s1/kyc/integration/access-token',
    body: { ...user, from, isUpdatePoi },
  });
  const envelope = parseEnvelope(response) as Answer;
  if (envelope.ret_code !== 0) throw new Error(`token failed: ${JSON.stringify(envelope)}`);
  return String((envelope.result as Result).token);
}

/** A browser's SDK call: the token headers, no cookie (kyc-access-business = the token's from). */
export async function sdkCall(
  app: FastifyInstance,
  url: string,
  token: string,
  business: string,
  options: {
    body?: unknown;
    multipart?: ReturnType<typeof multipart>;
    key?: string;
    method?: 'GET' | 'POST';
  } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { 'kyc-access-token': token, 'kyc-access-business': business };
  if (options.key) headers['idempotency-key'] = options.key;
  let payload: string | Buffer | undefined;
  if (options.multipart) {
    Object.assign(headers, options.multipart.headers);
    payload = options.multipart.payload;
  } else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(options.body);
  }
  const response = await app.inject({
    method: options.method ?? 'POST',
    url,
    headers,
    ...(payload !== undefined ? { payload } : {}),
  });
  return parseEnvelope(response) as Answer;
}

/** Every obtain_* flag of kyc-info that adds a part to its answer. */
export const ALL_INFO_FLAGS = {
  obtain_kyc_token: false,
  obtain_current: true,
  obtain_quotas: true,
  obtain_state: true,
  obtain_aml_questionnaire: true,
  obtain_verification_process: true,
};

/** The kyc-info answer of this client (throws unless ret_code is 0). */
export async function kycInfo(client: TestClient, flags: object = {}): Promise<KycInfo> {
  const { envelope } = await client.post('/v3/private/kyc/kyc-info', flags);
  if (envelope?.ret_code !== 0) throw new Error(`kyc-info failed: ${JSON.stringify(envelope)}`);
  return envelope.result as KycInfo;
}

export const INFO_FLAGS = {
  obtain_kyc_token: false,
  obtain_current: true,
  obtain_quotas: false,
  obtain_state: true,
  obtain_aml_questionnaire: false,
  obtain_verification_process: false,
};

/** displayUpdatePOI and the step statuses as kyc-info shows them to the user. */
export async function kycView(client: TestClient) {
  const { envelope } = await client.post('/v3/private/kyc/kyc-info', INFO_FLAGS);
  const result = envelope?.result as {
    state: { level: number; status: string }[];
    displayControl: { displayUpdatePOI: { status: string; rejectReason: string } };
  };
  return {
    poi: result.displayControl.displayUpdatePOI.status.replace('DisplayUpdatePOIStatus_', ''),
    rejectReason: result.displayControl.displayUpdatePOI.rejectReason,
    level1: result.state.find((s) => s.level === 1)?.status,
    level2: result.state.find((s) => s.level === 2)?.status,
  };
}
