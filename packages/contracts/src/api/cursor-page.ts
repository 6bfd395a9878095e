/** Cursor paging shared by the back-office lists (issue 17). */
import { z } from 'zod';

/**
 * Cursor paging of every back-office list (issue 17, D57): `cursor` is the `nextCursor` of the page
 * before (opaque; absent for the first page), `limit` the page size. Keyset on a stable order, so items
 * added or decided between two pages never repeat or go missing.
 */
export const cursorPageQuery = {
  cursor: z.string().max(512).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
};
/**
 * What every cursor-paged list answers beside its items: the cursor of the next page (null on the
 * last), and the number of matching items counted up to 10 000 (`totalCapped`: more than that).
 */
export const cursorPageResult = {
  nextCursor: z.string().nullable(),
  total: z.number().int(),
  totalCapped: z.boolean(),
};
