/**
 * Back-office country coverage (/backoffice/api/countries, docs/countries.md): the list an admin
 * searches and the change of one country's coverage (offered, or closed with a reason; the documents
 * accepted), made by compare-and-set on the row's version.
 */
import { z } from 'zod';
import { COUNTRY_CLOSED_REASONS, COVERAGE_STATES } from '../countries.ts';
import { DOCUMENT_TYPES } from './kyc.ts';

const intParam = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

/** GET /backoffice/api/countries: `q` matches the code (alpha-2 or alpha-3) or the name in `lang`. */
export const countryCoverageQuery = z.object({
  q: z.string().trim().max(64).optional(),
  state: z.enum(COVERAGE_STATES).optional(),
  /** The language names are matched and sorted in (the staff member's page language). */
  lang: z
    .string()
    .regex(/^[a-z]{2}(-[A-Z]{2})?$/)
    .optional(),
  page: intParam(1, 100).default(1),
  pageSize: intParam(1, 250).default(50),
});
export type CountryCoverageQuery = z.infer<typeof countryCoverageQuery>;

export const countryCoverageEntry = z.object({
  code: z.string(),
  alpha3: z.string(),
  state: z.enum(COVERAGE_STATES),
  /** '' when offered. */
  closedReason: z.union([z.enum(COUNTRY_CLOSED_REASONS), z.literal('')]),
  documentTypes: z.array(z.enum(DOCUMENT_TYPES)),
  /** Compare-and-set: a change names the version it was made on (53002 when it moved on). */
  version: z.number().int(),
  updatedAt: z.number().int(),
});
export type CountryCoverageEntry = z.infer<typeof countryCoverageEntry>;

export const countryCoverageList = z.object({
  items: z.array(countryCoverageEntry),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Over every country, whatever the filters: how many are offered and closed. */
  offered: z.number().int(),
  closed: z.number().int(),
});
export type CountryCoverageList = z.infer<typeof countryCoverageList>;

export const countryCodeParams = z.object({ code: z.string().regex(/^[A-Za-z]{2}$/) });

/**
 * PATCH /backoffice/api/countries/:code (admin). The rules between the fields (a closed country has a
 * reason, an offered one none and at least one document) are the server's (53003, 53004), so that the
 * answer names the rule rather than a field.
 */
export const countryCoveragePatch = z.strictObject({
  version: z.number().int().min(1),
  state: z.enum(COVERAGE_STATES),
  closedReason: z.string().max(64).default(''),
  documentTypes: z.array(z.enum(DOCUMENT_TYPES)).max(DOCUMENT_TYPES.length),
});
export type CountryCoveragePatch = z.infer<typeof countryCoveragePatch>;
