/**
 * What the Jumio simulator keeps in memory (a stand-in for Jumio, not a store of record): the OAuth2
 * tokens it issued, the accounts, and their workflow executions with the web token that opens each in
 * the web client and the decision the demo page took. The answers are shaped as Jumio's KYX API
 * documents them (account creation, retrieval, callback), so the adapter is exercised as against Jumio.
 */
import { randomBytes, randomUUID } from 'node:crypto';

export type JumioDecision = 'approve' | 'retry' | 'final';
export type ExecutionStatus = 'INITIATED' | 'ACQUIRED' | 'PROCESSED';

export interface Execution {
  id: string;
  accountId: string;
  definitionKey: string;
  status: ExecutionStatus;
  webToken: string;
  webTokenExpiresAt: number;
  locale: string;
  successUrl: string;
  errorUrl: string;
  createdAt: number;
  startedAt: number | null;
  completedAt: number | null;
  decision: JumioDecision | null;
  /**
   * What the extraction capability read (Jumio's `capabilities.extraction[].data`: type, subType,
   * issuingCountry alpha-3, firstName, lastName, dateOfBirth, expiryDate, documentNumber): what the
   * person typed in the hosted page (document-reading.ts, D118), or what a test says (issue 19, D112).
   */
  extracted?: Record<string, string>;
}

export interface Account {
  id: string;
  customerInternalReference: string;
  userReference: string;
  callbackUrl: string;
}

/** Access tokens live 60 minutes, web tokens 30 (Jumio's defaults). */
export const ACCESS_TOKEN_SECONDS = 3600;
export const WEB_TOKEN_MS = 30 * 60_000;

const iso = (ms: number | null) => (ms === null ? undefined : new Date(ms).toISOString());

/** The workflow decision and capabilities of a decided execution (labels as Jumio documents them). */
function decisionOf(decision: JumioDecision | null, extracted?: Record<string, string>) {
  const run = (type: string, label: string) => [{ id: randomUUID(), decision: { type, details: { label } } }];
  switch (decision) {
    case 'approve':
      return {
        decision: { type: 'PASSED', details: { label: 'PASSED' }, risk: { score: 5 } },
        capabilities: {
          usability: run('PASSED', 'OK'),
          imageChecks: run('PASSED', 'OK'),
          extraction: run('PASSED', 'OK').map((r) => (extracted ? { ...r, data: extracted } : r)),
          similarity: run('PASSED', 'MATCH'),
          liveness: run('PASSED', 'OK'),
        },
      };
    case 'retry':
      return {
        decision: { type: 'REJECTED', details: { label: 'REJECTED' }, risk: { score: 80 } },
        capabilities: {
          usability: run('REJECTED', 'BAD_QUALITY'),
          imageChecks: run('NOT_EXECUTED', 'PRECONDITION_NOT_FULFILLED'),
        },
      };
    case 'final':
      return {
        decision: { type: 'REJECTED', details: { label: 'REJECTED' }, risk: { score: 100 } },
        capabilities: {
          usability: run('PASSED', 'OK'),
          imageChecks: run('REJECTED', 'FRAUD'),
          extraction: run('NOT_EXECUTED', 'PRECONDITION_NOT_FULFILLED'),
        },
      };
    default:
      return {};
  }
}

export function jumioStore() {
  const accessTokens = new Map<string, number>();
  const accounts = new Map<string, Account>();
  const executions = new Map<string, Execution>();
  const byWebToken = new Map<string, string>();

  return {
    issueAccessToken(now: number): string {
      const token = `sim_jumio_${randomBytes(24).toString('hex')}`;
      accessTokens.set(token, now + ACCESS_TOKEN_SECONDS * 1000);
      return token;
    },
    validAccessToken(token: string, now: number): boolean {
      return (accessTokens.get(token) ?? 0) > now;
    },
    account: (id: string) => accounts.get(id),
    createAccount(fields: Omit<Account, 'id'>): Account {
      const account = { id: randomUUID(), ...fields };
      accounts.set(account.id, account);
      return account;
    },
    openExecution(
      accountId: string,
      fields: Pick<Execution, 'definitionKey' | 'locale' | 'successUrl' | 'errorUrl'>,
      now: number,
    ): Execution {
      const execution: Execution = {
        id: randomUUID(),
        accountId,
        ...fields,
        status: 'INITIATED',
        webToken: randomBytes(24).toString('base64url'),
        webTokenExpiresAt: now + WEB_TOKEN_MS,
        createdAt: now,
        startedAt: null,
        completedAt: null,
        decision: null,
      };
      executions.set(execution.id, execution);
      byWebToken.set(execution.webToken, execution.id);
      return execution;
    },
    execution: (id: string) => executions.get(id),
    byWebToken(token: string, now: number): Execution | undefined {
      const execution = executions.get(byWebToken.get(token) ?? '');
      return execution && execution.webTokenExpiresAt > now ? execution : undefined;
    },
    /** Jumio's retrieval answer of an execution. */
    retrieval(execution: Execution) {
      return {
        workflow: { id: execution.id, status: execution.status, definitionKey: execution.definitionKey },
        account: { id: execution.accountId },
        createdAt: iso(execution.createdAt),
        startedAt: iso(execution.startedAt),
        completedAt: iso(execution.completedAt),
        ...(execution.status === 'PROCESSED' ? decisionOf(execution.decision, execution.extracted) : {}),
      };
    },
  };
}
export type JumioStore = ReturnType<typeof jumioStore>;
