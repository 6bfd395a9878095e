/**
 * Route loaders around the staff session. Every route but /login sits behind staffLoader, which asks
 * GET /backoffice/api/me before anything renders: 10007 (or a disabled account) sends the browser to
 * /login?next=<where it was going>.
 */
import { redirect, type LoaderFunctionArgs, type ShouldRevalidateFunctionArgs } from 'react-router';
import { RET_CODES, type StaffMe } from '@kyc/contracts';
import { isApiError } from '../lib/api-client.ts';
import { paths, resolveNextPath } from '../lib/paths.ts';
import { fetchStaffMe } from '../lib/staff-session.tsx';

const SIGNED_OUT_CODES: readonly number[] = [RET_CODES.NOT_LOGGED_IN.code, RET_CODES.ACCOUNT_DISABLED.code];

export async function staffLoader({ request }: LoaderFunctionArgs): Promise<StaffMe> {
  try {
    return await fetchStaffMe(request.signal);
  } catch (error) {
    if (isApiError(error) && SIGNED_OUT_CODES.includes(error.ret_code)) {
      const url = new URL(request.url);
      // request.url is the browser URL, basename included: exactly what ?next= holds.
      throw redirect(paths.login.getHref(`${url.pathname}${url.search}`));
    }
    throw error; // unreachable server and the like: the route's error boundary offers a retry
  }
}

/** Ask the server again on every move to another page, so an expired session is noticed at once. */
export function revalidateStaffOnPageChange({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs): boolean {
  return currentUrl.pathname !== nextUrl.pathname || defaultShouldRevalidate;
}

/** /login when already signed in goes straight on to ?next= or Home; this request also primes the CSRF cookie. */
export async function loginLoader({ request }: LoaderFunctionArgs): Promise<null> {
  try {
    await fetchStaffMe(request.signal);
  } catch {
    return null; // not signed in (or the server is unreachable): show the form
  }
  const url = new URL(request.url);
  throw redirect(resolveNextPath(url.searchParams.get('next'), url.origin) ?? paths.home.getHref());
}
