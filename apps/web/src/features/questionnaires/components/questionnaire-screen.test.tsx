// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import {
  questionnaireTemplate,
  type QuestionnaireTemplate,
  type QuestionnaireTemplateDetail,
  type QuestionnaireTemplateInput,
} from '@kyc/contracts';
import questionnairesEn from '../../../../../../locales/questionnaires/en.json';
import { clearRequestCache } from '../../../lib/http';
import { QUESTIONNAIRES_NAMESPACE } from '../../../lib/i18n/namespaces';
import { localDraftKey, readLocalDraft } from '../state/local-drafts';
import type { QuestionnaireScreen as ScreenName } from '../state/screen-templates';
import { registerMessenger } from '../../../lib/messages/messenger';
import { MemoryRouter } from '../../../lib/router';
import { createAppStore } from '../../../lib/store/create-store';
import { setTelemetryReporter } from '../../../lib/telemetry/telemetry';
import { fail, ok } from '../../../test/fetch';
import { createTestI18n } from '../../../test/i18n';
import { AUTOSAVE_DELAY_MS } from './questionnaire-form';
import { QuestionnaireScreen } from './questionnaire-screen';

const USER_ID = 4242;

/** A small template exercising conditions, formats and a declaration over two pages. */
const TEMPLATE: QuestionnaireTemplate = questionnaireTemplate.parse({
  code: 'edd',
  version: 3,
  kind: 'questionnaire',
  review: 'staff',
  title: 't.title',
  screens: [],
  sections: [
    {
      id: 'about',
      title: 't.section',
      pages: [
        {
          id: 'work',
          title: 't.work',
          questions: [
            { id: 'employed', type: 'yes_no', label: 't.employed' },
            {
              id: 'employer',
              type: 'text',
              label: 't.employer',
              pattern: 'name',
              showWhen: { questionId: 'employed', equals: true },
            },
            { id: 'income', type: 'number', label: 't.income', min: 0, integer: true },
          ],
        },
        {
          id: 'confirm',
          title: 't.confirm',
          questions: [
            { id: 'residence', type: 'country', label: 't.residence' },
            { id: 'truth', type: 'declaration', label: 't.truth' },
          ],
        },
      ],
    },
  ],
} satisfies QuestionnaireTemplateInput);

const LABELS = {
  title: 'Enhanced due diligence',
  section: 'About you',
  work: 'Your work',
  confirm: 'Confirmation',
  employed: 'Are you employed?',
  employer: 'Name of your employer',
  income: 'Yearly income',
  residence: 'Country of residence',
  truth: 'My answers are true and complete.',
};

function contentTemplate(code: string): QuestionnaireTemplate {
  // The tests run from the repository root (vitest.config.ts).
  const file = `${process.cwd()}/content/questionnaires/${code}.v1.json`;
  return questionnaireTemplate.parse(JSON.parse(readFileSync(file, 'utf8')));
}

function detailOf(template: QuestionnaireTemplate, extra: Partial<QuestionnaireTemplateDetail> = {}) {
  return {
    template,
    status: 'UNSUBMIT',
    editable: true,
    draft: null,
    submitted: null,
    reason: '',
    retryAfter: null,
    progress: { pages: 2, answered: 0, required: 4 },
    ...extra,
  } satisfies QuestionnaireTemplateDetail;
}

type Handler = (body: unknown, init: RequestInit) => Response | Promise<Response>;
interface Call {
  path: string;
  body: unknown;
  headers: Headers;
}

/** A fake API: each path answers with its handler (template-detail may be swapped during a test). */
function fakeApi(handlers: Record<string, Handler>) {
  const calls: Call[] = [];
  const mock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const body = init.body ? JSON.parse(String(init.body)) : Object.fromEntries(url.searchParams);
    calls.push({ path: url.pathname, body, headers: new Headers(init.headers) });
    const handler = handlers[url.pathname];
    if (!handler) throw new Error(`unexpected call ${url.pathname}`);
    return handler(body, init);
  });
  vi.stubGlobal('fetch', mock);
  return { calls, of: (path: string) => calls.filter((c) => c.path.endsWith(path)) };
}

let updatedAt = 1000;
function draftSaved(): Handler {
  return (body) => {
    const b = body as { templateCode: string; templateVersion: number; answers: object; pageIndex: number };
    updatedAt += 1;
    return ok({
      status: 'UNSUBMIT',
      draft: {
        templateCode: b.templateCode,
        templateVersion: b.templateVersion,
        answers: b.answers,
        pageIndex: b.pageIndex,
        updatedAt,
      },
      progress: { pages: 2, answered: 1, required: 4 },
    });
  };
}

const token: Handler = () =>
  ok({ token: 'tok', templateCode: 'edd', templateVersion: 3, expiresAt: Date.now() + 3_600_000 });
const countries: Handler = () =>
  ok({
    list: [
      {
        code: 'DE',
        nameKey: 'x',
        alpha3: 'DEU',
        state: 'offered',
        closedReason: '',
        isDisabled: false,
        documentTypes: [],
      },
      {
        code: 'HK',
        nameKey: 'y',
        alpha3: 'HKG',
        state: 'offered',
        closedReason: '',
        isDisabled: false,
        documentTypes: [],
      },
    ],
  });

function baseApi(detail: () => QuestionnaireTemplateDetail, more: Record<string, Handler> = {}) {
  return fakeApi({
    '/v3/private/kyc/questionnaire-template-detail': () => ok(detail()),
    '/v3/private/kyc/questionnaire-token': token,
    '/v3/private/kyc/create-questionnaire': draftSaved(),
    '/v2/public/country-list': countries,
    ...more,
  });
}

function renderScreen(name: ScreenName = 'eddQuestionnaire') {
  const i18n = createTestI18n();
  i18n.addResourceBundle('en', QUESTIONNAIRES_NAMESPACE, { ...questionnairesEn, t: LABELS });
  const store = createAppStore({
    global: { user: { id: USER_ID }, rate: 1, complianceConfig: {}, profileError: false },
  });
  return render(
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[`/en/auth/${name}`]}>
          <QuestionnaireScreen screen={name} title="Screen title" />
        </MemoryRouter>
      </I18nextProvider>
    </Provider>,
  );
}

const restore: Array<() => void> = [];
let user: ReturnType<typeof userEvent.setup>;

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
  window.localStorage.clear();
  restore.push(
    registerMessenger({ toast: vi.fn(), notify: vi.fn() }),
    setTelemetryReporter(() => undefined),
  );
});

afterEach(() => {
  cleanup();
  while (restore.length) restore.pop()?.();
  clearRequestCache();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const radio = (name: string) => screen.getByRole('radio', { name });
const field = (name: string) => screen.getByRole('textbox', { name });
const next = () => user.click(screen.getByRole('button', { name: 'Next' }));
async function flushAutosave() {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS + 10);
  });
}

describe('QuestionnaireScreen: pages, conditions and validation', () => {
  it('shows page N of M with the current page marked, and a question only when its condition holds', async () => {
    const api = baseApi(() => detailOf(TEMPLATE));
    renderScreen();
    expect(await screen.findByRole('heading', { name: 'Your work' })).toBeTruthy();
    const progress = screen.getByRole('progressbar');
    expect(progress.getAttribute('aria-valuenow')).toBe('1');
    expect(progress.getAttribute('aria-valuemax')).toBe('2');
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    const steps = within(screen.getByRole('list', { name: 'Pages' })).getAllByRole('listitem');
    expect(steps.map((li) => [li.textContent, li.getAttribute('aria-current')])).toEqual([
      ['Your work', 'step'],
      ['Confirmation', null],
    ]);

    expect(screen.queryByRole('textbox', { name: 'Name of your employer' })).toBeNull();
    await user.click(radio('Yes'));
    expect(field('Name of your employer')).toBeTruthy();
    await user.type(field('Name of your employer'), 'Acme Ltd');
    await user.click(radio('No'));
    expect(screen.queryByRole('textbox', { name: 'Name of your employer' })).toBeNull();

    await flushAutosave();
    // The hidden question's answer is not sent (docs/questionnaires.md).
    expect(api.of('create-questionnaire').at(-1)?.body).toMatchObject({ answers: { employed: false } });
    expect(api.of('create-questionnaire').at(-1)?.body).not.toHaveProperty('answers.employer');
  });

  it('validates the page before going on, with the translated engine messages', async () => {
    baseApi(() => detailOf(TEMPLATE));
    renderScreen();
    await screen.findByRole('heading', { name: 'Your work' });
    await next();
    expect(screen.getAllByText('Please answer this question.')).toHaveLength(2);
    expect(screen.getByText('Please correct the highlighted answers.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(radio('Yes')));

    await user.click(radio('Yes'));
    await user.type(field('Name of your employer'), '12345');
    await user.type(field('Yearly income'), '-5');
    await next();
    expect(screen.getByText('Please check the format of your answer.')).toBeTruthy();
    expect(screen.getByText('This number is too small.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Your work' })).toBeTruthy();

    await user.clear(field('Name of your employer'));
    await user.type(field('Name of your employer'), 'Acme Ltd');
    await user.clear(field('Yearly income'));
    await user.type(field('Yearly income'), '52000.5');
    await next();
    expect(screen.getByText('Please enter a whole number.')).toBeTruthy();
    await user.clear(field('Yearly income'));
    await user.type(field('Yearly income'), '52000');
    await next();
    expect(await screen.findByRole('heading', { name: 'Confirmation' })).toBeTruthy();
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
    // Country names come from Intl.DisplayNames.
    expect(screen.getByRole('option', { name: 'Germany' })).toBeTruthy();
  });
});

describe('QuestionnaireScreen: drafts', () => {
  it('autosaves after a pause in typing (debounced), with the token and the draft it last read', async () => {
    const api = baseApi(() =>
      detailOf(TEMPLATE, {
        draft: {
          templateCode: 'edd',
          templateVersion: 3,
          answers: { employed: false },
          pageIndex: 0,
          updatedAt: 500,
        },
      }),
    );
    renderScreen();
    await screen.findByRole('heading', { name: 'Your work' });
    expect(radio('No')).toHaveProperty('checked', true);
    await user.type(field('Yearly income'), '120');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS - 200);
    });
    expect(api.of('create-questionnaire')).toHaveLength(0);
    await flushAutosave();
    expect(api.of('create-questionnaire')).toHaveLength(1);
    expect(api.of('create-questionnaire')[0]?.body).toEqual({
      token: 'tok',
      templateCode: 'edd',
      templateVersion: 3,
      answers: { employed: false, income: 120 },
      pageIndex: 0,
      baseUpdatedAt: 500,
    });
    expect(await screen.findByText('Saved')).toBeTruthy();

    await user.type(field('Yearly income'), '0');
    await flushAutosave();
    expect(api.of('create-questionnaire')).toHaveLength(2);
    expect(api.of('create-questionnaire')[1]?.body).toMatchObject({
      answers: { income: 1200 },
      baseUpdatedAt: updatedAt - 1,
    });
  });

  it('saves at once on pagehide', async () => {
    const api = baseApi(() => detailOf(TEMPLATE));
    renderScreen();
    await screen.findByRole('heading', { name: 'Your work' });
    await user.click(radio('Yes'));
    expect(api.of('create-questionnaire')).toHaveLength(0);
    await act(async () => {
      window.dispatchEvent(new Event('pagehide'));
      await vi.advanceTimersByTimeAsync(0);
    });
    await waitFor(() => expect(api.of('create-questionnaire')).toHaveLength(1));
  });

  it('keeps typed answers on this device when the connection drops, and restores them after a reload', async () => {
    const api = baseApi(() => detailOf(TEMPLATE), {
      '/v3/private/kyc/create-questionnaire': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    const first = renderScreen();
    await screen.findByRole('heading', { name: 'Your work' });
    await user.click(radio('Yes'));
    await user.type(field('Name of your employer'), 'Acme Ltd');
    await flushAutosave();
    expect(await screen.findByText(/Saved on this device/)).toBeTruthy();
    expect(readLocalDraft(localDraftKey(USER_ID, 'edd'))?.answers).toEqual({
      employed: true,
      employer: 'Acme Ltd',
    });
    first.unmount();

    // The reload: the server has no draft; this device's copy comes back and goes to the server.
    expect(api.of('create-questionnaire').length).toBeGreaterThan(0);
    const online = baseApi(() => detailOf(TEMPLATE));
    renderScreen();
    expect(await screen.findByText('We restored the answers you typed on this device.')).toBeTruthy();
    expect(field('Name of your employer')).toHaveProperty('value', 'Acme Ltd');
    expect(radio('Yes')).toHaveProperty('checked', true);
    await waitFor(() => expect(online.of('create-questionnaire')).toHaveLength(1));
    expect(online.of('create-questionnaire')[0]?.body).toMatchObject({
      answers: { employed: true, employer: 'Acme Ltd' },
    });
  });

  it('a stale tab (51001) reloads the saved draft and says so', async () => {
    let detail = detailOf(TEMPLATE);
    const api = baseApi(() => detail, {
      '/v3/private/kyc/create-questionnaire': () => fail(51001, 'stale draft'),
    });
    renderScreen();
    await screen.findByRole('heading', { name: 'Your work' });
    detail = detailOf(TEMPLATE, {
      draft: {
        templateCode: 'edd',
        templateVersion: 3,
        answers: { employed: false, income: 7 },
        pageIndex: 0,
        updatedAt: 9000,
      },
    });
    await user.click(radio('Yes'));
    await flushAutosave();
    expect(
      await screen.findByText(
        'Your answers were changed in another tab or window. We loaded the latest saved answers.',
      ),
    ).toBeTruthy();
    expect(radio('No')).toHaveProperty('checked', true);
    expect(field('Yearly income')).toHaveProperty('value', '7');
    expect(api.of('questionnaire-template-detail')).toHaveLength(2);
    expect(readLocalDraft(localDraftKey(USER_ID, 'edd'))).toBeNull();
  });
});

async function fillAll() {
  await screen.findByRole('heading', { name: 'Your work' });
  await user.click(radio('No'));
  await user.type(field('Yearly income'), '52000');
  await next();
  await screen.findByRole('heading', { name: 'Confirmation' });
  await user.selectOptions(screen.getByRole('combobox', { name: 'Country of residence' }), 'HK');
  await user.click(screen.getByRole('checkbox', { name: 'My answers are true and complete.' }));
}

describe('QuestionnaireScreen: submit', () => {
  it('keeps the Idempotency-Key across a retry after a network failure, then shows "under review"', async () => {
    let detail = detailOf(TEMPLATE);
    let attempts = 0;
    const api = baseApi(() => detail, {
      '/v3/private/kyc/submit-questionnaire': () => {
        attempts += 1;
        if (attempts === 1) return Promise.reject(new TypeError('Failed to fetch'));
        detail = detailOf(TEMPLATE, {
          status: 'PENDING_NO_EDIT',
          editable: false,
          submitted: {
            submissionId: 's1',
            templateVersion: 3,
            answers: {},
            score: null,
            submittedAt: Date.UTC(2026, 10, 22, 9),
          },
        });
        return ok({
          submissionId: 's1',
          templateCode: 'edd',
          templateVersion: 3,
          status: 'PENDING',
          score: null,
          retryAfter: null,
          submittedAt: 1,
        });
      },
    });
    renderScreen();
    await fillAll();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText("We couldn't submit your answers. Please try again.")).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('heading', { name: 'Under review' })).toBeTruthy();

    const submits = api.of('submit-questionnaire');
    expect(submits).toHaveLength(2);
    const key = submits[0]?.headers.get('idempotency-key');
    expect(key).toMatch(/^[A-Za-z0-9_-]{1,128}$/);
    expect(submits[1]?.headers.get('idempotency-key')).toBe(key);
    expect(submits[1]?.body).toEqual({
      token: 'tok',
      templateCode: 'edd',
      templateVersion: 3,
      answers: { employed: false, income: 52000, residence: 'HK', truth: true },
    });
    expect(readLocalDraft(localDraftKey(USER_ID, 'edd'))).toBeNull();
  });

  it('shows the server refusal (51002) on its question and takes a new key for the next attempt', async () => {
    let calls = 0;
    const api = baseApi(() => detailOf(TEMPLATE), {
      '/v3/private/kyc/submit-questionnaire': () => {
        calls += 1;
        return calls === 1
          ? fail(51002, 'income: too_large')
          : ok({
              submissionId: 's2',
              templateCode: 'edd',
              templateVersion: 3,
              status: 'PENDING',
              score: null,
              retryAfter: null,
              submittedAt: 1,
            });
      },
    });
    renderScreen();
    await fillAll();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('This number is too large.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Your work' })).toBeTruthy();
    await next();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(api.of('submit-questionnaire')).toHaveLength(2));
    const [first, second] = api.of('submit-questionnaire');
    expect(second?.headers.get('idempotency-key')).not.toBe(first?.headers.get('idempotency-key'));
  });
});

describe('QuestionnaireScreen: results', () => {
  const test = contentTemplate('crypto-knowledge-test');

  it('a failed test shows the score, the pass mark and the cool-down before a retry', async () => {
    const retryAfter = Date.now() + 2 * 3_600_000;
    baseApi(() =>
      detailOf(test, {
        status: 'REJECTED',
        submitted: {
          submissionId: 's',
          templateVersion: 1,
          answers: {},
          score: { score: 6, max: 15, passed: false, band: null },
          submittedAt: Date.now() - 1000,
        },
        retryAfter,
      }),
    );
    renderScreen('crypto-knowledge-test');
    expect(await screen.findByRole('heading', { name: 'Test not passed' })).toBeTruthy();
    expect(screen.getByText('You scored 6 of 15 points. You need 10 to pass.')).toBeTruthy();
    expect(screen.getByText(/You can take the test again after/)).toBeTruthy();
    const retry = screen.getByRole('button', { name: 'Take the test again' });
    expect(retry).toHaveProperty('disabled', true);

    // The cool-down ends on screen.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2 * 3_600_000 + 100);
    });
    expect(screen.getByRole('button', { name: 'Take the test again' })).toHaveProperty('disabled', false);
    expect(screen.queryByText(/You can take the test again after/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Take the test again' }));
    expect(screen.getByText(/^Page 1 of/)).toBeTruthy();
  });

  it('a passed test shows the score', async () => {
    baseApi(() =>
      detailOf(test, {
        status: 'APPROVED',
        submitted: {
          submissionId: 's',
          templateVersion: 1,
          answers: {},
          score: { score: 12, max: 15, passed: true, band: null },
          submittedAt: 1,
        },
      }),
    );
    renderScreen('crypto-knowledge-test');
    expect(await screen.findByRole('heading', { name: 'Test passed' })).toBeTruthy();
    expect(screen.getByText('You passed with 12 of 15 points.')).toBeTruthy();
  });

  it('a rejection shows the reviewer reason and opens the form again on the last answers', async () => {
    baseApi(() =>
      detailOf(TEMPLATE, {
        status: 'REJECTED',
        reason: 'Please give your employer’s full legal name.',
        submitted: {
          submissionId: 's',
          templateVersion: 3,
          answers: { employed: true, employer: 'Acme', income: 5 },
          score: null,
          submittedAt: 1,
        },
      }),
    );
    renderScreen();
    expect(
      await screen.findByText(
        // The reviewer's words keep their own direction (first-strong isolate).
        'Reason given by our compliance team: \u2068Please give your employer’s full legal name.\u2069',
      ),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Answer again' }));
    expect(field('Name of your employer')).toHaveProperty('value', 'Acme');
  });

  it('an agreement is accepted through agreement/apply and shows the version accepted', async () => {
    const agreement = contentTemplate('client-agreement');
    let detail = detailOf(agreement);
    const api = baseApi(() => detail, {
      '/option/asset/amp/agreement/apply': (body) => {
        detail = detailOf(agreement, {
          status: 'APPROVED',
          editable: false,
          submitted: {
            submissionId: 'a',
            templateVersion: 1,
            answers: (body as { answers: object }).answers as never,
            score: null,
            submittedAt: Date.UTC(2026, 10, 22, 9),
          },
        });
        return ok({
          submissionId: 'a',
          templateCode: 'client-agreement',
          templateVersion: 1,
          status: 'APPROVED',
          score: null,
          retryAfter: null,
          submittedAt: 1,
        });
      },
    });
    renderScreen('client-agreement');
    const terms = await screen.findByRole('checkbox', { name: /./ });
    // The versioned text is shown above the clause, in a scrollable region a keyboard can reach
    // (axe scrollable-region-focusable), named after the page title.
    const text = screen.getByText(questionnairesEn['client-agreement'].pages.terms.p1);
    const region = screen.getByRole('region', { name: /^Full text: ./ });
    expect(region.contains(text)).toBe(true);
    expect(region.tabIndex).toBe(0);
    await user.click(terms);
    await next();
    for (const box of screen.getAllByRole('checkbox')) await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(await screen.findByRole('heading', { name: 'Accepted' })).toBeTruthy();
    expect(screen.getByText(/You accepted version 1 on/)).toBeTruthy();
    expect(api.of('agreement/apply')[0]?.body).toEqual({
      templateCode: 'client-agreement',
      templateVersion: 1,
      answers: { accept_terms: true, accept_risk: true, accept_electronic: true },
    });
    expect(api.of('submit-questionnaire')).toHaveLength(0);
  });
});

describe('QuestionnaireScreen: results lead on (issue 10)', () => {
  it('a failed knowledge test lists the questions answered wrongly by their text, and leads back', async () => {
    const knowledge = contentTemplate('crypto-knowledge-test');
    const [first, second] = knowledge.sections.flatMap((s) => s.pages.flatMap((p) => p.questions));
    if (!first || !second) throw new Error('the test has fewer than two questions');
    baseApi(() =>
      detailOf(knowledge, {
        status: 'REJECTED',
        submitted: {
          submissionId: 's',
          templateVersion: 1,
          answers: {},
          score: { score: 9, max: 13, passed: false, band: null },
          submittedAt: 1,
          wrongQuestionIds: [first.id, second.id],
        },
      }),
    );
    renderScreen('crypto-knowledge-test');
    expect(await screen.findByText('These answers were not correct:')).toBeTruthy();
    const items = screen.getAllByRole('listitem').map((li) => li.textContent);
    const label = (key: string) =>
      key
        .split('.')
        .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], questionnairesEn);
    expect(items).toEqual([label(first.label), label(second.label)]);
    const nav = screen.getByRole('navigation', { name: 'Next steps' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/en/auth/personal', '/en/auth/complianceTasks']);
  });

  it('an accepted agreement offers its copy for download in the page language', async () => {
    baseApi(() =>
      detailOf(contentTemplate('client-agreement'), {
        status: 'APPROVED',
        editable: false,
        submitted: { submissionId: 's', templateVersion: 1, answers: {}, score: null, submittedAt: 1 },
      }),
    );
    renderScreen('client-agreement');
    const link = await screen.findByRole('link', { name: 'Download a copy' });
    expect(link.getAttribute('href')).toBe(
      '/v3/private/kyc/agreement-document?template_code=client-agreement&lang=en',
    );
    expect(link.hasAttribute('download')).toBe(true);
  });

  it('answering again after a rejection repeats the reviewer reason above the form', async () => {
    baseApi(() =>
      detailOf(TEMPLATE, {
        status: 'REJECTED',
        reason: 'Name the employer.',
        submitted: {
          submissionId: 's',
          templateVersion: 3,
          answers: { employed: true, employer: 'Acme', income: 5 },
          score: null,
          submittedAt: 1,
        },
      }),
    );
    renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Answer again' }));
    expect(
      screen.getByText('Reason given by our compliance team: \u2068Name the employer.\u2069'),
    ).toBeTruthy();
  });
});
