/**
 * What each vendor read from the document (issue 19, D112, D118), the adapter against the simulator on a
 * real port: the person types the document's data in the hosted page (posted as its script posts it),
 * the simulator answers it in the vendor's published shape — Sumsub's applicant data `info.idDocs`,
 * Onfido's workflow run `output.document` (the Document Report's properties, numbers as
 * `document_numbers`), Jumio's retrieval `capabilities.extraction[].data` — and each adapter's
 * `documentOf` reads the same vendor-neutral document back. The demo scenarios change the reading.
 */
import { createServer } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulator, type Simulator } from '@kyc/vendor-simulator';
import type { VendorDocumentData, VerificationProvider } from './provider.ts';
import { vendorHttp } from './vendor-http.ts';
import { createSumsubProvider } from './sumsub/sumsub-provider.ts';
import { createOnfidoProvider } from './onfido/onfido-provider.ts';
import { createJumioProvider } from './jumio/jumio-provider.ts';

const SUMSUB = { appToken: 'sbx:doc-contract', secretKey: 'doc-secret', webhookSecret: 'doc-hook' };
const ONFIDO = { apiToken: 'api_sandbox.doc-contract', webhookToken: 'doc-webhook' };
const JUMIO = { clientId: 'doc-client', clientSecret: 'doc-secret' };

/** The hosted page's document fields, as its script posts them (strings, empty when left blank). */
const TYPED = {
  docType: 'passport',
  docCountry: 'deu',
  docNumber: 'C01X00T47',
  docFirstName: 'Anna Maria',
  docLastName: 'Müller',
  docBirthDate: '1990-01-01',
  docExpiryDate: '2031-06-30',
  docScenario: 'as_typed',
};
const READ: VendorDocumentData = {
  firstName: 'Anna Maria',
  lastName: 'Müller',
  dateOfBirth: '1990-01-01',
  documentNumber: 'C01X00T47',
  issuingCountry: 'DEU',
  documentType: 'PASSPORT',
  expiryDate: '2031-06-30',
};

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

describe("each vendor's document data, the adapters against the simulator", () => {
  let app: FastifyInstance;
  let simulator: Simulator;
  let origin = '';
  const http = (vendor: 'sumsub' | 'onfido' | 'jumio') => vendorHttp({ vendor, timeoutMs: 5000 });

  beforeAll(async () => {
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    simulator = createSimulator({
      publicBase: `${origin}/sim`,
      portalOrigin: 'http://portal.test',
      sumsub: SUMSUB,
      onfido: ONFIDO,
      jumio: JUMIO,
      fetch: async () => new Response('{}', { status: 200 }),
    });
    app = Fastify();
    await app.register(simulator.plugin, { prefix: '/sim' });
    await app.listen({ host: '127.0.0.1', port });
  });
  afterAll(() => app.close());

  const sumsub = (): VerificationProvider =>
    createSumsubProvider(
      {
        baseUrl: `${origin}/sim/sumsub`,
        ...SUMSUB,
        levelNames: { 1: 'Level1_web', 2: 'Level2_web' },
        webSdkUrl: `${origin}/sim/sumsub/websdk/sns-websdk-builder.js`,
      },
      http('sumsub'),
      Date.now,
    );
  const onfido = (): VerificationProvider =>
    createOnfidoProvider(
      {
        baseUrl: `${origin}/sim/onfido/v3.6`,
        ...ONFIDO,
        workflowIds: { 1: 'wf-level-1', 2: 'wf-level-2' },
        webSdkUrl: `${origin}/sim/onfido/websdk/onfido.min.js`,
      },
      http('onfido'),
      Date.now,
    );
  const jumio = (): VerificationProvider =>
    createJumioProvider(
      {
        ...JUMIO,
        authUrl: `${origin}/sim/jumio/oauth2/token`,
        baseUrl: `${origin}/sim/jumio`,
        retrievalUrl: `${origin}/sim/jumio`,
        workflowKeys: { 1: '10013', 2: '10013' },
        callbackAllowedIps: ['127.0.0.1'],
      },
      http('jumio'),
      Date.now,
    );

  let people = 0;
  const ref = () => ({
    externalUserId: `kyc_${String(++people).padStart(24, '0')}`,
    vendorApplicantId: null,
    flowId: null,
    level: 1 as const,
  });

  const post = async (path: string, body: object) => {
    const response = await fetch(`${origin}/sim${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(200);
    await simulator.control.settled();
  };

  /** One person approved at the vendor with the hosted page's fields; the adapter's documentOf and the raw answer. */
  async function approved(vendor: 'sumsub' | 'onfido' | 'jumio', fields: Record<string, string>) {
    const provider = { sumsub, onfido, jumio }[vendor]();
    const applicant = ref();
    const started = await provider.start({ applicant, level: 1, lang: 'en', country: 'DE' });
    if (vendor === 'sumsub')
      await post('/sumsub/websdk/flow', { decision: 'approve', accessToken: started.sdk.token, ...fields });
    if (vendor === 'onfido')
      await post('/onfido/websdk/flow', {
        decision: 'approve',
        token: started.sdk.token,
        workflowRunId: started.flowId,
        files: {},
        ...fields,
      });
    if (vendor === 'jumio') {
      const html = await (await fetch(started.sdk.flowUrl)).text();
      const token = /name="token" value="([^"]+)"/.exec(html)?.[1] ?? '';
      expect(html).toContain('name="docNumber"');
      await post('/jumio/web/v4/app/decision', { decision: 'approve', token, ...fields });
    }
    const known = { ...applicant, vendorApplicantId: started.vendorApplicantId, flowId: started.flowId };
    return {
      read: await provider.documentOf?.(known),
      raw: await rawAnswer(vendor, started.vendorApplicantId, started.flowId),
    };
  }

  /** The vendor's own answer, read as the adapter reads it (for the shape assertions). */
  async function rawAnswer(vendor: string, applicantId: string, flowId: string | null) {
    if (vendor === 'onfido') {
      const response = await fetch(`${origin}/sim/onfido/v3.6/workflow_runs/${flowId}`, {
        headers: { authorization: `Token token=${ONFIDO.apiToken}` },
      });
      return ((await response.json()) as { output: Record<string, unknown> }).output;
    }
    return undefined;
  }

  it('when the person types the passport in the hosted page, then each vendor answers it in its own shape and each adapter reads the same document', async () => {
    for (const vendor of ['sumsub', 'onfido', 'jumio'] as const) {
      const { read } = await approved(vendor, TYPED);
      // Onfido names its types in lower case (passport), the others in upper case: kept as given.
      expect({ ...read, documentType: read?.documentType?.toUpperCase() }, vendor).toEqual(READ);
    }
  });

  it("when Onfido approves, then the run's output.document is the Document Report's properties: the number in document_numbers, the country alpha-3", async () => {
    const { raw } = await approved('onfido', { ...TYPED, docType: 'id_card' });
    expect(raw).toEqual({
      decision: 'approve',
      document: {
        document_type: 'national_identity_card',
        issuing_country: 'DEU',
        first_name: 'Anna Maria',
        last_name: 'Müller',
        date_of_birth: '1990-01-01',
        date_of_expiry: '2031-06-30',
        document_numbers: [{ value: 'C01X00T47', type: 'document_number' }],
      },
    });
  });

  it("when the types differ, then each vendor's name for them is what its adapter reads (a driving licence is recognised as one)", async () => {
    const types: Record<string, [string, string, string]> = {
      id_card: ['ID_CARD', 'national_identity_card', 'ID_CARD'],
      residence_permit: ['RESIDENCE_PERMIT', 'residence_permit', 'ID_CARD'],
      driving_licence: ['DRIVERS', 'driving_licence', 'DRIVING_LICENSE'],
    };
    for (const [docType, names] of Object.entries(types)) {
      const read = await Promise.all(
        (['sumsub', 'onfido', 'jumio'] as const).map(
          async (vendor) => (await approved(vendor, { ...TYPED, docType })).read?.documentType,
        ),
      );
      expect(read, docType).toEqual(names);
      if (docType === 'driving_licence') expect(read.every((t) => /DRIV/i.test(t ?? ''))).toBe(true);
    }
  });

  it('when a demo scenario is chosen, then the reading changes: a birth date one year later, an expiry of yesterday, the previous document', async () => {
    const later = await approved('jumio', { ...TYPED, docScenario: 'other_birth_date' });
    expect(later.read).toMatchObject({ dateOfBirth: '1991-01-01', documentNumber: 'C01X00T47' });
    const expired = await approved('sumsub', { ...TYPED, docScenario: 'expired' });
    expect(expired.read?.expiryDate).toBe(yesterday());
    // The last document read by any vendor of this simulator (the expired one), whatever is typed now.
    const previous = await approved('onfido', {
      docType: 'passport',
      docLastName: 'Someone Else',
      docScenario: 'previous_document',
    });
    expect(previous.read).toMatchObject({
      lastName: 'Müller',
      documentNumber: 'C01X00T47',
      issuingCountry: 'DEU',
      expiryDate: yesterday(),
    });
  });

  it('when nothing is typed in the hosted page, then no vendor says it read anything; a malformed field is dropped', async () => {
    const blank = Object.fromEntries(Object.keys(TYPED).map((k) => [k, '']));
    for (const vendor of ['sumsub', 'onfido', 'jumio'] as const)
      expect((await approved(vendor, blank)).read, vendor).toBeNull();
    const { read } = await approved('onfido', {
      ...TYPED,
      docCountry: 'Germany',
      docBirthDate: '01/01/1990',
      docNumber: 'x'.repeat(31),
    });
    expect(read).toMatchObject({ issuingCountry: null, dateOfBirth: null, documentNumber: null });
  });
});
