/**
 * A fresh PostgreSQL database for one bench section, created on the server of BENCH_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/test, as in CI) and dropped afterwards; undefined when no server
 * answers within 2 s (the section then says so and runs on SQLite only).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export async function freshPostgresDatabase(
  label: string,
): Promise<{ url: string; drop(): Promise<void> } | undefined> {
  const base = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const admin = new pg.Client({ connectionString: base, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch {
    return undefined;
  }
  const name = `kyc_bench_${label}_${randomBytes(6).toString('hex')}`;
  await admin.query(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
