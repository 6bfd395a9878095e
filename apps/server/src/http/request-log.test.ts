import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { OneLineRequestLog, loggerOptions } from './request-log.ts';

function recordingApp(level: 'info' | 'debug') {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const app = Fastify({ logger: { level, stream }, logController: new OneLineRequestLog() });
  app.get('/v2/private/user/profile', async () => ({ ok: true }));
  app.get('/user/accounts/assets/*', async () => 'asset');
  app.get('/common-static/i18n-upload/*', async () => '{}');
  return { app, lines };
}

describe('request logging', () => {
  it('when an API call is answered, then one info line names method, path, status and time, without the query', async () => {
    const { app, lines } = recordingApp('info');
    await app.inject('/v2/private/user/profile?email=sue@example.com');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30,
      method: 'GET',
      path: '/v2/private/user/profile',
      status: 200,
    });
    expect(lines[0]?.msg).toMatch(/^GET \/v2\/private\/user\/profile 200 \d+\.\d ms$/);
    expect(JSON.stringify(lines)).not.toContain('sue@example.com');
    await app.close();
  });

  it('when static files are served, then nothing is logged at info, and a debug line each at debug', async () => {
    const quiet = recordingApp('info');
    await quiet.app.inject('/user/accounts/assets/index-Abc.js');
    await quiet.app.inject('/common-static/i18n-upload/user-accounts/en.json?v=1');
    expect(quiet.lines).toEqual([]);
    await quiet.app.close();

    const verbose = recordingApp('debug');
    await verbose.app.inject('/user/accounts/assets/index-Abc.js');
    expect(verbose.lines).toEqual([
      expect.objectContaining({ level: 20, path: '/user/accounts/assets/index-Abc.js' }),
    ]);
    await verbose.app.close();
  });

  it('when not in production, then lines are pretty-printed; in production they stay JSON', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'kyc-log-'));
    const development = loadConfig({ DATA_DIR: dataDir });
    expect(loggerOptions(development)).toMatchObject({ transport: { target: 'pino-pretty' } });
    const production = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      SESSION_SECRET: 's'.repeat(40),
      DATA_MASTER_KEY: Buffer.alloc(32, 1).toString('base64'),
      SMTP_URL: 'smtp://mail.internal:587',
    });
    expect(loggerOptions(production)).not.toHaveProperty('transport');
    expect(loggerOptions(development, false)).not.toHaveProperty('transport');
  });
});
