/**
 * Compliance tasks (docs/questionnaires.md "Compliance tasks"): derived, never stored twice, from the
 * stored tasks (staff requests, renewals), the AML requirement (level 1 verified, or a task asks for
 * it) and the EDD case; open ones first, newest first, each due TASK_DUE_DAYS after it was created.
 * The task centre's list, region and pop-up read them.
 */
import { TASK_DUE_DAYS, type ComplianceTask, type QuestionnaireStatus } from '@kyc/contracts';
import type {
  EddStateRow,
  ResponseStatusRow,
  TaskSourceRow,
  TemplateVersionInfo,
} from '../../data/repositories/questionnaires-repo.ts';
import { pageOf } from '../../lib/page-of.ts';
import type { QuestionnaireContext } from './questionnaire-context.ts';
import { AML_TEMPLATE_CODE, asStatus, EDD_TEMPLATE_CODE } from './template-versions.ts';

const DAY_MS = 86_400_000;

/** Statuses in which a required questionnaire is still a task to do. */
export const TO_DO: ReadonlySet<QuestionnaireStatus> = new Set(['UNDEFINED', 'UNSUBMIT', 'REJECTED']);

/** The pop-up shows the most urgent open task: a request for information before anything else. */
const URGENCY: Record<ComplianceTask['kind'], number> = { rfi: 0, edd: 1, aml: 2, questionnaire: 3 };

/** Level 1's state as the tasks need it (null: none yet). */
export type Level1State = { status: string; updatedAt: number } | null;

/** What the tasks derive from, read once (the columns kyc-info reads in its one statement suffice). */
export interface TaskSources {
  responses: ResponseStatusRow[];
  stored: TaskSourceRow[];
  edd: EddStateRow | undefined;
  level1: Level1State;
  versions: TemplateVersionInfo[];
}

/** Whether the AML questionnaire is required: level 1 verified, or a task asks for it. */
export function amlRequiredOf(s: Pick<TaskSources, 'level1' | 'stored'>): {
  required: boolean;
  since: number;
} {
  if (s.level1?.status === 'SUCCESS') return { required: true, since: s.level1.updatedAt };
  const task = s.stored.find((t) => t.template_code === AML_TEMPLATE_CODE);
  return task ? { required: true, since: task.created_at } : { required: false, since: 0 };
}

export function taskReads(ctx: QuestionnaireContext) {
  const { repos, load } = ctx;

  /** The sources of one user's tasks; level 1's state is the caller's when it already read it. */
  async function taskSources(userId: number, known?: { level1: Level1State }): Promise<TaskSources> {
    const [responses, stored, edd, versions, level1] = await Promise.all([
      repos.questionnaires.responsesOf(userId),
      repos.questionnaires.tasksOf(userId),
      repos.questionnaires.findEddCase(userId),
      repos.questionnaires.templateVersions(),
      known
        ? known.level1
        : repos.kyc.levelStates(userId).then((rows) => {
            const row = rows.find((r) => r.level === 1);
            return row ? { status: row.status, updatedAt: Number(row.updated_at) } : null;
          }),
    ]);
    return { responses, stored, edd, versions, level1 };
  }

  /** The first spec §2 screen of a template's newest version (the task's link). */
  async function screenOf(code: string, versions: readonly TemplateVersionInfo[]): Promise<string> {
    const v = versions.filter((t) => t.code === code).at(-1);
    if (!v) return code;
    return (await load(code, v.version)).screens[0] ?? code;
  }

  /** Every task of the user, open ones first, newest first. */
  async function tasksFrom(s: TaskSources): Promise<ComplianceTask[]> {
    const responses = new Map(s.responses.map((r) => [r.template_code, r]));
    const statusOf = (code: string) => asStatus(responses.get(code)?.status);
    const tasks: ComplianceTask[] = [];
    for (const t of s.stored) {
      if (t.status === 'cancelled') continue;
      const status = statusOf(t.template_code);
      tasks.push({
        id: String(t.id),
        kind: t.kind === 'rfi' ? 'rfi' : 'questionnaire',
        templateCode: t.template_code,
        screen: await screenOf(t.template_code, s.versions),
        status,
        open: t.status === 'open' && TO_DO.has(status),
        requestText: t.request_text,
        createdAt: t.created_at,
      });
    }
    const aml = amlRequiredOf(s);
    if (aml.required && !s.stored.some((t) => t.template_code === AML_TEMPLATE_CODE)) {
      const status = statusOf(AML_TEMPLATE_CODE);
      tasks.push({
        id: AML_TEMPLATE_CODE,
        kind: 'aml',
        templateCode: AML_TEMPLATE_CODE,
        screen: await screenOf(AML_TEMPLATE_CODE, s.versions),
        status,
        open: TO_DO.has(status),
        requestText: '',
        createdAt: aml.since,
      });
    }
    const { edd } = s;
    if (edd && edd.status !== 'Unknown') {
      const open = edd.status === 'UnSubmit' || edd.status === 'Reject';
      tasks.push({
        id: EDD_TEMPLATE_CODE,
        kind: 'edd',
        templateCode: EDD_TEMPLATE_CODE,
        screen: await screenOf(EDD_TEMPLATE_CODE, s.versions),
        status: statusOf(EDD_TEMPLATE_CODE),
        open,
        requestText: open ? edd.reason : '',
        createdAt: edd.created_at,
      });
    }
    return tasks
      .map((t) => ({ ...t, dueAt: t.open ? t.createdAt + TASK_DUE_DAYS * DAY_MS : null }))
      .sort((a, b) => Number(b.open) - Number(a.open) || b.createdAt - a.createdAt);
  }

  return { taskSources, tasksFrom };
}
export type TaskReads = ReturnType<typeof taskReads>;

export function taskUseCases(ctx: QuestionnaireContext, reads: TaskReads) {
  const tasks = async (userId: number) => reads.tasksFrom(await reads.taskSources(userId));
  return {
    tasks,

    /** The task centre's page of tasks. */
    async taskList(userId: number, filter: { status: 'open' | 'all'; page: number; pageSize: number }) {
      const all = (await tasks(userId)).filter((t) => filter.status === 'all' || t.open);
      return {
        list: pageOf(all, filter.page, filter.pageSize),
        total: all.length,
        page: filter.page,
        pageSize: filter.pageSize,
      };
    },

    /** The user's site (task centre region) and how many tasks are open there. */
    async taskRegion(userId: number) {
      const user = await ctx.repos.users.findById(userId);
      const open = (await tasks(userId)).filter((t) => t.open).length;
      return { region: user?.site ?? 'GLOBAL', openTasks: open };
    },

    /** The KYC task pop-up (kycpopupinfo bus_type=1): the most urgent open task, if any. */
    async popupInfo(userId: number) {
      const open = (await tasks(userId))
        .filter((t) => t.open)
        .sort((a, b) => URGENCY[a.kind] - URGENCY[b.kind]);
      return { show: open.length > 0, task: open[0] ?? null };
    },
  };
}
