import { describe, expect, it } from 'vitest';
import type { ComplianceTask } from '@kyc/contracts';
import { kycStateEntry as entry, kycInfoFixture as info } from '../../../test/kyc-info';
import { nextItems } from './next-steps';

const task = (id: string, dueAt: number | null, open = true): ComplianceTask => ({
  id,
  kind: 'questionnaire',
  templateCode: 'client-agreement',
  screen: 'client-agreement',
  status: open ? 'UNSUBMIT' : 'APPROVED',
  open,
  requestText: '',
  createdAt: 1,
  dueAt,
});

describe('nextItems (issue 10: what to do next)', () => {
  it('lists the steps to start or fix, a requested re-verification, then the open tasks by due date', () => {
    const items = nextItems(
      info(
        { state: [entry(1, 'FAILED_AND_CAN_RETRY', 'blurred'), entry(2, 'NOT_ALLOW')] },
        { status: 'DisplayUpdatePOIStatus_Needed', deadline: 500 },
      ),
      [task('late', 3000), task('done', 10, false), task('soon', 2000), task('none', null)],
      'de-DE',
    );
    expect(items.map((i) => [i.id, i.href, i.dueAt])).toEqual([
      ['level-1', '/de-DE/auth/kyc?level=1', null],
      ['reverification', '#kyc-reverify-title', 500],
      ['task-soon', '/de-DE/auth/client-agreement', 2000],
      ['task-late', '/de-DE/auth/client-agreement', 3000],
      ['task-none', '/de-DE/auth/client-agreement', null],
    ]);
    expect(items[0]?.title).toEqual({ key: 'next.items.levelRetry', level: 1 });
  });

  it('has nothing for a verified person without tasks', () => {
    expect(nextItems(info({ state: [entry(1, 'SUCCESS'), entry(2, 'SUCCESS')] }), [], 'en')).toEqual([]);
  });
});
