import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SCREENS } from '@kyc/contracts';
import { SCREEN_TEMPLATES } from './screen-templates';

const CONTENT = new URL('../../../../../../content/questionnaires/', import.meta.url);
const fromContent: Record<string, string> = {};
for (const file of readdirSync(CONTENT).filter((f) => f.endsWith('.json'))) {
  const template = JSON.parse(readFileSync(new URL(file, CONTENT), 'utf8')) as {
    code: string;
    screens?: string[];
  };
  for (const screen of template.screens ?? []) fromContent[screen] = template.code;
}

describe('SCREEN_TEMPLATES (spec §2 screens → templates)', () => {
  it('is exactly the `screens` lists of content/questionnaires', () => {
    expect(SCREEN_TEMPLATES).toEqual(fromContent);
  });

  it('names only routes of the spec §2 route table', () => {
    const paths = new Set(SCREENS.map((s) => s.path));
    for (const screen of Object.keys(SCREEN_TEMPLATES)) expect(paths).toContain(screen);
  });

  it('covers every issue 5 screen but the task list', () => {
    const issue5 = SCREENS.filter((s) => s.issue === 5 && s.path !== 'complianceTasks').map((s) => s.path);
    expect(issue5.length).toBe(23);
    expect(Object.keys(SCREEN_TEMPLATES).sort()).toEqual([...issue5].sort());
  });
});
