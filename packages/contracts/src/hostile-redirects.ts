/**
 * The hostile redirect targets of issue 11: none of them may leave the portal. Test support only: the
 * contracts unit test, the server's sign-in and SDK integration tests and the web's sign-in test share
 * it; nothing else imports it.
 */

/** Written for the portal https://kyc.example.com; hostileRedirects() moves them to another origin. */
const FOR_KYC_EXAMPLE: readonly string[] = [
  '/..//evil.example',
  '/.//evil.example',
  '/%2e%2e//evil.example',
  '/%2E%2E//evil.example',
  '/%2e//evil.example',
  '/a/../..//evil.example',
  '/%2e%2e/%2e%2e//evil.example',
  '//evil.example',
  '///evil.example',
  '////evil.example/x',
  '/\\evil.example',
  '\\/evil.example',
  '\\\\evil.example',
  '/%5cevil.example',
  '/%5C%5Cevil.example',
  '/%2f%2fevil.example',
  '/%2F/evil.example',
  '/%252f%252fevil.example',
  '/%252e%252e//evil.example',
  '\t//evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r//evil.example',
  ' //evil.example',
  '/\u0000/evil.example',
  '/%09/evil.example',
  '/%00//evil.example',
  'https://evil.example/',
  'OTHER-SCHEME://kyc.example.com/', // another scheme is another origin
  'https://kyc.example.com.evil.example/',
  'https://kyc.example.com@evil.example/',
  'https://user:pw@kyc.example.com/user/accounts/',
  '//evil.example@kyc.example.com/',
  'https://kyc.example.com//evil.example',
  'https://kyc.example.com/..//evil.example',
  'https:evil.example',
  'https:/evil.example',
  'javascript:alert(document.domain)',
  'JaVaScRiPt:alert(1)',
  'java\tscript:alert(1)',
  'javascript://kyc.example.com/%0aalert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'blob:https://kyc.example.com/uuid',
  'evil.example',
  'evil.example/x',
  '',
  `/${'a'.repeat(2048)}`,
];

/** Each of these once sent (or could send) the browser off the portal at `origin` after sign-in. */
export function hostileRedirects(origin = 'https://kyc.example.com'): string[] {
  const portal = new URL(origin);
  const otherScheme = portal.protocol === 'https:' ? 'http' : 'https';
  return FOR_KYC_EXAMPLE.map((value) =>
    value
      .replace('OTHER-SCHEME://kyc.example.com', `${otherScheme}://${portal.host}`)
      .replaceAll('https://kyc.example.com', portal.origin)
      .replaceAll('kyc.example.com', portal.host),
  );
}
