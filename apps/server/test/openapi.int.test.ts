import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { Validator } from '@seriousme/openapi-schema-validator';
import { testDatabases } from './support/databases.ts';
import { testApp } from './support/test-app.ts';
import type { Database } from '../src/data/db.ts';
import { OPENAPI_TAGS } from '../src/http/openapi.ts';

interface Operation {
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { in: string }[];
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { type: string; in: string; name: string }> };
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

function operations(document: Document) {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, operation]) => ({ method, path, operation })),
  );
}

/**
 * The OpenAPI document (issue 10, docs/api.md "OpenAPI document"): it validates, every operation is
 * summarised, tagged with a declared feature group and says how it authenticates, and the security it
 * states is what the server enforces. The document does not depend on the database: SQLite only.
 */
describe('the OpenAPI document', () => {
  const sqlite = testDatabases()[0] as ReturnType<typeof testDatabases>[number];
  let database: Database;
  let app: FastifyInstance;
  let document: Document;

  beforeAll(async () => {
    database = await sqlite.open();
    app = await testApp(database);
    const response = await app.inject('/docs/openapi.json');
    expect(response.statusCode).toBe(200);
    document = response.json<Document>();
  });
  afterAll(async () => {
    await app.close();
    await sqlite.cleanup();
  });

  it('when validated against the OpenAPI schema, then it is valid and every $ref resolves', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document) as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe('3.0.3');
  });

  it('when a route is added, then it has a summary, a declared tag and a security statement', () => {
    const declared = new Set<string>(OPENAPI_TAGS.map((tag) => tag.name));
    const missing = operations(document)
      .filter(
        ({ operation }) =>
          !operation.summary?.trim() ||
          !operation.tags?.length ||
          !operation.tags.every((tag) => declared.has(tag)) ||
          !Array.isArray(operation.security),
      )
      .map(({ method, path }) => `${method.toUpperCase()} ${path}`);
    // A route without them: add `summary` to its schema and call documentRoutes() in its plugin.
    expect(missing).toEqual([]);
    expect(operations(document).length).toBeGreaterThan(60);
  });

  it('when the schemes are read, then the session, CSRF, staff and SDK credentials are named', () => {
    const schemes = Object.values(document.components.securitySchemes).map((s) => `${s.in}:${s.name}`);
    expect(schemes).toEqual(
      expect.arrayContaining([
        'cookie:kyc_sid',
        'header:x-csrf-token',
        'cookie:kyc_staff_sid',
        'header:kyc-access-token',
        'header:kyc-access-business',
        'header:kyc-access-origin',
        'header:kyc-access-ts',
        'header:kyc-access-sign',
      ]),
    );
    // Partner calls are signed; the retired bare key is no credential any more (docs/sdk.md).
    expect(schemes).not.toContain('header:kyc-access-key');
  });

  it('when an operation states its security, then state changes name the CSRF token or a header credential', () => {
    const wrong = operations(document)
      .filter(({ method, operation }) => {
        if (method === 'get') return false;
        const schemes = (operation.security ?? []).flatMap((requirement) => Object.keys(requirement));
        return (
          !schemes.includes('csrfToken') &&
          !schemes.includes('sdkToken') &&
          !schemes.includes('partnerSignature') &&
          !schemes.includes('vendorSignature')
        );
      })
      .map(({ method, path }) => `${method.toUpperCase()} ${path}`);
    expect(wrong).toEqual([]);
  });

  it('when a GET stated to need a session is called without one, then the server refuses it (10007)', async () => {
    const guarded = operations(document).filter(
      ({ method, path, operation }) =>
        method === 'get' &&
        !path.includes('{') &&
        (operation.security ?? []).some((r) => 'sessionCookie' in r || 'staffSessionCookie' in r),
    );
    expect(guarded.length).toBeGreaterThan(5);
    for (const { path } of guarded) {
      const response = await app.inject(path);
      expect(response.json<{ ret_code: number }>().ret_code, path).toBe(10007);
    }
  });

  it('when /docs is opened, then the viewer and its files come from this server under the portal CSP', async () => {
    const page = await app.inject('/docs/');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('swagger-ui-bundle.js');
    expect(page.body).not.toMatch(/(src|href)="https?:/);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/https?:/);
    const script = await app.inject('/docs/static/swagger-ui-bundle.js');
    expect(script.statusCode).toBe(200);
    const initializer = await app.inject('/docs/static/swagger-initializer.js');
    expect(initializer.body).toContain('validatorUrl: null');
    const json = await app.inject('/docs/json');
    expect(json.json<Document>().paths).toEqual(document.paths);
  });
});
