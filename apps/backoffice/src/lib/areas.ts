/**
 * The areas of the console and which staff roles see them. Access is data, not scattered ifs: the side
 * navigation, the home page and the route guard all read this table. The server enforces the same
 * rules on every API call; this only decides what a staff member is shown.
 */
import type { StaffRole } from '@kyc/contracts';
import { paths } from './paths.ts';

export const AREA_IDS = [
  'home',
  'verificationQueue',
  'screeningAlerts',
  'autoReview',
  'identityTransfers',
  'questionnaires',
  'riskWeights',
  'riskCountryLists',
  'serviceLevels',
  'auditLog',
  'quotas',
  'countries',
  'partners',
  'providerRoutes',
  'supportInbox',
  'retentionPolicies',
  'legalHolds',
  'redactions',
  'staff',
  'security',
] as const;
export type AreaId = (typeof AREA_IDS)[number];

export interface Area {
  id: AreaId;
  path: string;
  href: string;
}

export const AREAS: Record<AreaId, Area> = {
  home: { id: 'home', path: paths.home.path, href: paths.home.getHref() },
  verificationQueue: {
    id: 'verificationQueue',
    path: paths.verificationQueue.path,
    href: paths.verificationQueue.getHref(),
  },
  screeningAlerts: {
    id: 'screeningAlerts',
    path: paths.screeningAlerts.path,
    href: paths.screeningAlerts.getHref(),
  },
  autoReview: { id: 'autoReview', path: paths.autoReview.path, href: paths.autoReview.getHref() },
  identityTransfers: {
    id: 'identityTransfers',
    path: paths.identityTransfers.path,
    href: paths.identityTransfers.getHref(),
  },
  questionnaires: {
    id: 'questionnaires',
    path: paths.questionnaires.path,
    href: paths.questionnaires.getHref(),
  },
  riskWeights: { id: 'riskWeights', path: paths.riskWeights.path, href: paths.riskWeights.getHref() },
  riskCountryLists: {
    id: 'riskCountryLists',
    path: paths.riskCountryLists.path,
    href: paths.riskCountryLists.getHref(),
  },
  serviceLevels: {
    id: 'serviceLevels',
    path: paths.serviceLevels.path,
    href: paths.serviceLevels.getHref(),
  },
  auditLog: { id: 'auditLog', path: paths.auditLog.path, href: paths.auditLog.getHref() },
  quotas: { id: 'quotas', path: paths.quotas.path, href: paths.quotas.getHref() },
  countries: { id: 'countries', path: paths.countries.path, href: paths.countries.getHref() },
  partners: { id: 'partners', path: paths.partners.path, href: paths.partners.getHref() },
  providerRoutes: {
    id: 'providerRoutes',
    path: paths.providerRoutes.path,
    href: paths.providerRoutes.getHref(),
  },
  supportInbox: { id: 'supportInbox', path: paths.supportInbox.path, href: paths.supportInbox.getHref() },
  retentionPolicies: {
    id: 'retentionPolicies',
    path: paths.retentionPolicies.path,
    href: paths.retentionPolicies.getHref(),
  },
  legalHolds: { id: 'legalHolds', path: paths.legalHolds.path, href: paths.legalHolds.getHref() },
  redactions: { id: 'redactions', path: paths.redactions.path, href: paths.redactions.getHref() },
  staff: { id: 'staff', path: paths.staff.path, href: paths.staff.getHref() },
  security: { id: 'security', path: paths.security.path, href: paths.security.getHref() },
};

/**
 * Reviewers work the queues, auditors read the audit log, administrators see everything (quotas,
 * countries, partners, provider routing, staff). Everyone has Security: their own two-step verification and recovery codes.
 * The data-lifecycle pages (issue 20) follow `read_retention`: senior reviewers, admins and auditors.
 * The risk weights and country lists (issue 18) follow `view_cases` (both are the sources of every case
 * page's risk factors); only admins edit them (D92). So do the service levels (issue 17, D120): everyone
 * who works the queues reads the deadlines they are held to; admins (`edit_service_levels`) change them.
 */
export const AREAS_BY_ROLE: Record<StaffRole, readonly AreaId[]> = {
  reviewer: [
    'home',
    'verificationQueue',
    'screeningAlerts',
    'autoReview',
    'identityTransfers',
    'questionnaires',
    'riskWeights',
    'riskCountryLists',
    'serviceLevels',
    'supportInbox',
    'security',
  ],
  senior_reviewer: [
    'home',
    'verificationQueue',
    'screeningAlerts',
    'autoReview',
    'identityTransfers',
    'questionnaires',
    'riskWeights',
    'riskCountryLists',
    'serviceLevels',
    'supportInbox',
    'retentionPolicies',
    'legalHolds',
    'redactions',
    'security',
  ],
  admin: [
    'home',
    'verificationQueue',
    'screeningAlerts',
    'autoReview',
    'identityTransfers',
    'questionnaires',
    'riskWeights',
    'riskCountryLists',
    'serviceLevels',
    'auditLog',
    'quotas',
    'countries',
    'partners',
    'providerRoutes',
    'supportInbox',
    'retentionPolicies',
    'legalHolds',
    'redactions',
    'staff',
    'security',
  ],
  auditor: ['home', 'auditLog', 'retentionPolicies', 'legalHolds', 'redactions', 'security'],
};

export function areasFor(role: StaffRole): Area[] {
  return AREAS_BY_ROLE[role].map((id) => AREAS[id]);
}

export function canAccess(role: StaffRole, area: AreaId): boolean {
  return AREAS_BY_ROLE[role].includes(area);
}

/**
 * The translation keys of an area's name and description: `areas.<id>` for the console's first areas;
 * identity transfers (issue 15) keep every text of the feature under their own `identityTransfers`.
 */
export function areaTextKey(id: AreaId, text: 'title' | 'description') {
  return id === 'identityTransfers'
    ? (`identityTransfers.area.${text}` as const)
    : (`areas.${id}.${text}` as const);
}
