/** Names shared by the server and the clients for cookies and headers. */
export const SESSION_COOKIE = 'kyc_sid';
export const CSRF_COOKIE = 'kyc_csrf';
export const STAFF_SESSION_COOKIE = 'kyc_staff_sid';
export const STAFF_CSRF_COOKIE = 'kyc_staff_csrf';
/**
 * Over https the four cookies above are named with this prefix (`__Host-kyc_sid`…): browsers then accept
 * them only when Secure, on Path=/ and without Domain, so a sibling subdomain or a plain-http answer
 * cannot plant or overwrite them (issue 11). Clients read the prefixed name first, then the plain one.
 */
export const HOST_COOKIE_PREFIX = '__Host-';
export const CSRF_HEADER = 'x-csrf-token';
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** spec §3: the request guid cookie (36 characters, 120 days). */
export const GUID_COOKIE = 'guid';
export const GUID_COOKIE_DAYS = 120;
