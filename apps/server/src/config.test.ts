import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const dir = () => mkdtempSync(path.join(tmpdir(), 'kyc-config-'));

describe('configuration (validated at boot)', () => {
  it('when nothing is set, then the documented defaults apply and DATABASE_URL is a SQLite file in DATA_DIR', () => {
    const cwd = dir();
    const config = loadConfig({}, cwd);
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      production: false,
      cookieSecure: false,
      demoData: false,
      logLevel: 'info',
    });
    expect(config.databaseUrl).toBe(path.join(cwd, '.data', 'kyc.sqlite'));
    expect(config.publicOrigin).toBe('http://localhost:8080');
  });

  it('when several settings are wrong, then every problem is listed at once', () => {
    try {
      loadConfig(
        {
          PORT: 'eighty',
          LOG_LEVEL: 'loud',
          COOKIE_SECURE: 'maybe',
          PUBLIC_ORIGIN: 'not a url',
          SESSION_SECRET: 'short',
        },
        dir(),
      );
      expect.unreachable('loadConfig accepted invalid settings');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const names = (error as ConfigError).problems.map((p) => p.split(':')[0]);
      expect(names).toEqual(
        expect.arrayContaining(['PORT', 'LOG_LEVEL', 'COOKIE_SECURE', 'PUBLIC_ORIGIN', 'SESSION_SECRET']),
      );
    }
  });

  it('when production mode lacks SESSION_SECRET or asks for demo data, then both problems are reported', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DEMO_DATA: 'true' }, dir())).toThrow(
      /SESSION_SECRET[\s\S]*DEMO_DATA/,
    );
  });

  it('when DATABASE_MIGRATION_URL is unset, then migrations use DATABASE_URL; set, it must be PostgreSQL beside a PostgreSQL DATABASE_URL', () => {
    const cwd = dir();
    expect(loadConfig({}, cwd).databaseMigrationUrl).toBe(path.join(cwd, '.data', 'kyc.sqlite'));
    const both = loadConfig(
      {
        DATABASE_URL: 'postgres://kyc_app@db/kyc',
        DATABASE_MIGRATION_URL: 'postgres://kyc_owner@db/kyc',
        SESSION_SECRET: 'x'.repeat(40),
        DATA_MASTER_KEY: Buffer.alloc(32, 9).toString('base64'),
      },
      cwd,
    );
    expect(both).toMatchObject({
      databaseUrl: 'postgres://kyc_app@db/kyc',
      databaseMigrationUrl: 'postgres://kyc_owner@db/kyc',
    });
    expect(() => loadConfig({ DATABASE_MIGRATION_URL: 'postgres://kyc_owner@db/kyc' }, cwd)).toThrow(
      /DATABASE_MIGRATION_URL: only for PostgreSQL/,
    );
  });

  it('when PASSWORD_HASH_COST lowers the scrypt cost, then only a test run may do so; raising it is allowed anywhere', () => {
    expect(loadConfig({}, dir()).passwordHashCost).toBe(15);
    expect(loadConfig({ NODE_ENV: 'test', PASSWORD_HASH_COST: '4' }, dir()).passwordHashCost).toBe(4);
    expect(() => loadConfig({ PASSWORD_HASH_COST: '10' }, dir())).toThrow(/PASSWORD_HASH_COST: below 15/);
    expect(() =>
      loadConfig(
        {
          NODE_ENV: 'production',
          SESSION_SECRET: 'x'.repeat(40),
          DATA_MASTER_KEY: Buffer.alloc(32).toString('base64'),
          PASSWORD_HASH_COST: '4',
        },
        dir(),
      ),
    ).toThrow(/PASSWORD_HASH_COST: below 15/);
    expect(() => loadConfig({ NODE_ENV: 'test', PASSWORD_HASH_COST: '3' }, dir())).toThrow(
      /PASSWORD_HASH_COST/,
    );
    expect(loadConfig({ PASSWORD_HASH_COST: '16' }, dir()).passwordHashCost).toBe(16);
  });

  it('when production mode is configured fully, then cookies are secure by default', () => {
    const config = loadConfig(
      {
        NODE_ENV: 'production',
        SESSION_SECRET: 'x'.repeat(40),
        DATA_MASTER_KEY: Buffer.alloc(32, 1).toString('base64'),
        DATABASE_URL: 'postgres://u@db:5432/kyc',
        SMTP_URL: 'smtp://mail.example.com:587',
      },
      dir(),
    );
    expect(config.cookieSecure).toBe(true);
    expect(config.databaseUrl).toBe('postgres://u@db:5432/kyc');
  });

  it('when PUBLIC_ORIGIN is https, then cookies are secure (and __Host- named) unless COOKIE_SECURE says otherwise', () => {
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://kyc.example.com' }, dir()).cookieSecure).toBe(true);
    expect(loadConfig({ PUBLIC_ORIGIN: 'http://localhost:8080' }, dir()).cookieSecure).toBe(false);
    expect(
      loadConfig({ PUBLIC_ORIGIN: 'https://kyc.example.com', COOKIE_SECURE: 'false' }, dir()).cookieSecure,
    ).toBe(false);
  });

  it('when SESSION_SECRET is absent outside production, then one is generated once, kept with mode 0600 and reused', () => {
    const cwd = dir();
    const first = loadConfig({}, cwd).sessionSecret;
    const second = loadConfig({}, cwd).sessionSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(second).toBe(first);
    const file = path.join(cwd, '.data', 'session-secret');
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('when DATA_MASTER_KEY is absent outside production, then 32 bytes are generated once, kept with mode 0600 and reused', () => {
    const cwd = dir();
    const first = loadConfig({}, cwd).dataMasterKey;
    expect(first.length).toBe(32);
    expect(loadConfig({}, cwd).dataMasterKey.equals(first)).toBe(true);
    const file = path.join(cwd, '.data', 'master-key');
    expect(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64').equals(first)).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('when DATA_MASTER_KEY is set, then it is used; when it is not 32 bytes of base64 or missing in production, then it is refused', () => {
    const key = Buffer.alloc(32, 9);
    expect(loadConfig({ DATA_MASTER_KEY: key.toString('base64') }, dir()).dataMasterKey.equals(key)).toBe(
      true,
    );
    expect(() => loadConfig({ DATA_MASTER_KEY: Buffer.alloc(16).toString('base64') }, dir())).toThrow(
      /DATA_MASTER_KEY/,
    );
    expect(() =>
      loadConfig({ DATA_MASTER_KEY: 'not base64 at all, not at all, not at all!!' }, dir()),
    ).toThrow(/DATA_MASTER_KEY/);
    expect(() => loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40) }, dir())).toThrow(
      /DATA_MASTER_KEY: required in production/,
    );
  });

  it('when FRAME_ANCESTORS is malformed, then it is refused; when it lists origins, then it is kept', () => {
    expect(() => loadConfig({ FRAME_ANCESTORS: 'https://a.example; script-src *' }, dir())).toThrow(
      /FRAME_ANCESTORS/,
    );
    expect(loadConfig({ FRAME_ANCESTORS: 'https://a.example https://b.example' }, dir()).frameAncestors).toBe(
      'https://a.example https://b.example',
    );
  });

  it('when the database timeouts are not set, then a connection is awaited 5 s and a statement 15 s; set, they must be whole milliseconds of at least 100 (issue 14)', () => {
    expect(loadConfig({}, dir())).toMatchObject({ dbConnectTimeoutMs: 5000, dbStatementTimeoutMs: 15_000 });
    expect(
      loadConfig({ DB_CONNECT_TIMEOUT_MS: '2000', DB_STATEMENT_TIMEOUT_MS: '30000' }, dir()),
    ).toMatchObject({ dbConnectTimeoutMs: 2000, dbStatementTimeoutMs: 30_000 });
    expect(() => loadConfig({ DB_CONNECT_TIMEOUT_MS: '0', DB_STATEMENT_TIMEOUT_MS: '5s' }, dir())).toThrow(
      /DB_CONNECT_TIMEOUT_MS[\s\S]*DB_STATEMENT_TIMEOUT_MS/,
    );
  });

  it('when CASE_CLAIM_MINUTES is not set, then a claim lasts 120 minutes; set, it must be whole minutes from 5 to 1440 (issue 17, D120)', () => {
    expect(loadConfig({}, dir()).caseClaimMinutes).toBe(120);
    expect(loadConfig({ CASE_CLAIM_MINUTES: '30' }, dir()).caseClaimMinutes).toBe(30);
    expect(loadConfig({ CASE_CLAIM_MINUTES: '1440' }, dir()).caseClaimMinutes).toBe(1440);
    for (const wrong of ['4', '1441', '90.5', 'two hours'])
      expect(() => loadConfig({ CASE_CLAIM_MINUTES: wrong }, dir()), wrong).toThrow(/CASE_CLAIM_MINUTES/);
  });

  it('when DATABASE_URL is PostgreSQL and SESSION_SECRET or DATA_MASTER_KEY would be generated, then the start is refused, saying which to set and why, and nothing is generated (issue 14)', () => {
    const cwd = dir();
    const postgres = { DATABASE_URL: 'postgres://kyc@db:5432/kyc' };
    for (const NODE_ENV of ['development', 'test']) {
      try {
        loadConfig({ ...postgres, NODE_ENV }, cwd);
        expect.unreachable('loadConfig must refuse');
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        const problems = (error as ConfigError).problems;
        expect(problems).toHaveLength(2);
        expect(problems[0]).toMatch(/^SESSION_SECRET: set it .*same on every instance.*PostgreSQL.*DATA_DIR/);
        expect(problems[1]).toMatch(/^DATA_MASTER_KEY: set it .*same on every instance.*documents/);
      }
    }
    expect(existsSync(path.join(cwd, '.data'))).toBe(false);
    const secret = { SESSION_SECRET: 'x'.repeat(40) };
    const key = { DATA_MASTER_KEY: Buffer.alloc(32, 9).toString('base64') };
    expect(() => loadConfig({ ...postgres, ...secret }, cwd)).toThrow(/DATA_MASTER_KEY: set it/);
    expect(() => loadConfig({ ...postgres, ...key }, cwd)).toThrow(/SESSION_SECRET: set it/);
    expect(loadConfig({ ...postgres, ...secret, ...key }, cwd).databaseUrl).toBe(postgres.DATABASE_URL);
    // SQLite (one instance's own file) is unchanged: both are generated into DATA_DIR.
    expect(loadConfig({ NODE_ENV: 'test' }, cwd).sessionSecret.length).toBeGreaterThanOrEqual(32);
  });

  it('when DOCUMENT_STORE is not set, then documents are files; database is accepted, anything else refused (issue 14)', () => {
    expect(loadConfig({}, dir()).documentStore).toBe('file');
    expect(loadConfig({ DOCUMENT_STORE: 'database' }, dir()).documentStore).toBe('database');
    expect(() => loadConfig({ DOCUMENT_STORE: 's3' }, dir())).toThrow(/DOCUMENT_STORE/);
  });

  it('when SCREENING_LISTS is unset, then no list outside demo mode and the fixtures in it; paths resolve, https URLs stay, http is refused but to this machine; the refresh hours (issue 18)', () => {
    const cwd = dir();
    expect(loadConfig({}, cwd).screening).toEqual({
      lists: [],
      threshold: 0.85,
      refreshHours: 24,
      autoAssign: false,
    });
    const demo = loadConfig({ DEMO_DATA: 'true' }, cwd).screening.lists;
    expect(demo.map((file) => path.basename(file))).toEqual([
      'ofac-sdn.xml',
      'un-consolidated.xml',
      'eu-fsf.xml',
      'uk-sanctions-list.xml',
      'operator.csv',
    ]);
    expect(demo.every((file) => existsSync(file))).toBe(true);
    const given = loadConfig(
      {
        SCREENING_LISTS: 'lists/sdn.xml, https://example.test/uk.xml',
        SCREENING_THRESHOLD: '0.9',
        SCREENING_REFRESH_HOURS: '0',
        SCREENING_ALERT_AUTO_ASSIGN: 'true',
        DEMO_DATA: 'true',
      },
      cwd,
    ).screening;
    expect(given).toEqual({
      lists: [path.join(cwd, 'lists/sdn.xml'), 'https://example.test/uk.xml'],
      threshold: 0.9,
      refreshHours: 0,
      autoAssign: true,
    });
    expect(() => loadConfig({ SCREENING_ALERT_AUTO_ASSIGN: 'sometimes' }, cwd)).toThrow(
      /SCREENING_ALERT_AUTO_ASSIGN/,
    );
    // Plain http only to this machine (a local mirror).
    expect(loadConfig({ SCREENING_LISTS: 'http://127.0.0.1:8080/sdn.xml' }, cwd).screening.lists).toEqual([
      'http://127.0.0.1:8080/sdn.xml',
    ]);
    expect(() => loadConfig({ SCREENING_REFRESH_HOURS: '-1' }, cwd)).toThrow(/SCREENING_REFRESH_HOURS/);
    expect(() => loadConfig({ SCREENING_LISTS: 'http://example.test/uk.xml' }, cwd)).toThrow(
      /SCREENING_LISTS/,
    );
    expect(() => loadConfig({ SCREENING_THRESHOLD: '1.5' }, cwd)).toThrow(/SCREENING_THRESHOLD/);
    expect(() => loadConfig({ SCREENING_THRESHOLD: '0' }, cwd)).toThrow(/SCREENING_THRESHOLD/);
  });

  it('reads the automatic case assignment: off by default, round_robin with its window and cap (D121)', () => {
    const cwd = mkdtempSync(path.join(tmpdir(), 'kyc-cfg-'));
    expect(loadConfig({ DATA_DIR: cwd }, cwd).caseAutoAssign).toEqual({
      mode: 'off',
      activeMs: 15 * 60_000,
      maxOpen: 5,
    });
    const on = loadConfig(
      {
        DATA_DIR: cwd,
        CASE_AUTO_ASSIGN: 'round_robin',
        CASE_ASSIGN_ACTIVE_MINUTES: '30',
        CASE_ASSIGN_MAX_OPEN: '2',
      },
      cwd,
    ).caseAutoAssign;
    expect(on).toEqual({ mode: 'round_robin', activeMs: 30 * 60_000, maxOpen: 2 });
    expect(() => loadConfig({ DATA_DIR: cwd, CASE_AUTO_ASSIGN: 'random' }, cwd)).toThrow(/CASE_AUTO_ASSIGN/);
    expect(() => loadConfig({ DATA_DIR: cwd, CASE_ASSIGN_ACTIVE_MINUTES: '0' }, cwd)).toThrow(
      /CASE_ASSIGN_ACTIVE_MINUTES/,
    );
    expect(() => loadConfig({ DATA_DIR: cwd, CASE_ASSIGN_MAX_OPEN: '101' }, cwd)).toThrow(
      /CASE_ASSIGN_MAX_OPEN/,
    );
  });
});
