/**
 * The ret_code catalogue (spec §8). One entry per code: a stable name, the code, and its meaning for
 * developers. End users never see `meaning`: the web app translates each code through the
 * inverse-error-code namespace (locales/inverse-error-code/{lng}.json), keyed by the code.
 *
 * Codes 10007, 33003 and 10009 are "user no permission" for the client (spec §6, §8); 1007 and 1008
 * are token timeouts (toast "Timeout, {ret_msg or 'token error'}."). 9000001 and 50016 never come
 * from the server: the client produces them for a timeout and for network failures.
 */
import {
  CODE_ACCOUNT_DISABLED,
  CODE_NETWORK_ERROR,
  CODE_NOT_LOGGED_IN,
  CODE_REQUEST_TIMEOUT,
  CODE_SDK_NO_PERMISSION,
  CODE_TOKEN_ERROR,
  CODE_TOKEN_TIMEOUT,
} from './client-codes.ts';

export const RET_CODES = {
  OK: { code: 0, meaning: 'Success; result holds the answer.' },

  // Transport and request shape. The HTTP status is kept for these (400, 404, 413, 415, 429, 5xx).
  PARAMS_ERROR: {
    code: 10001,
    meaning: 'A request parameter is missing or invalid; ret_msg names the field.',
  },
  INVALID_API_KEY: {
    code: 10003,
    meaning:
      'Integration: the partner call is not signed, or its business, timestamp or signature is missing, malformed, unknown or wrong (deliberately not saying which); a bare kyc-access-key is no longer accepted.',
  },
  PERMISSION_DENIED: {
    code: 10005,
    meaning:
      'Signed in (or a valid partner API key), but this account may not perform the action, e.g. an inactive business.',
  },
  TOO_MANY_REQUESTS: { code: 10006, meaning: 'Rate limit reached; retry after the Retry-After header.' },
  NOT_LOGGED_IN: {
    code: CODE_NOT_LOGGED_IN,
    meaning:
      'No valid session: not signed in, signed out, or the session expired; in SDK mode the access token is missing, unknown, expired, revoked or presented with headers of another business.',
  },
  ACCOUNT_DISABLED: {
    code: CODE_ACCOUNT_DISABLED,
    meaning: 'The account is disabled; treated by the client as no permission.',
  },
  CSRF_TOKEN_INVALID: {
    code: 10011,
    meaning: 'The X-CSRF-Token header is missing or does not match the session.',
  },
  MALFORMED_BODY: { code: 10012, meaning: 'The request body is not valid JSON or form data (HTTP 400).' },
  PAYLOAD_TOO_LARGE: {
    code: 10013,
    meaning: 'The request body is larger than the endpoint accepts (HTTP 413).',
  },
  UNSUPPORTED_MEDIA_TYPE: {
    code: 10014,
    meaning: 'The Content-Type is not one the endpoint accepts (HTTP 415).',
  },
  INTERNAL_ERROR: {
    code: 10016,
    meaning: 'Unexpected server error; details are only in the server log (HTTP 500).',
  },
  ROUTE_NOT_FOUND: { code: 10017, meaning: 'No API endpoint at this method and path (HTTP 404).' },
  SERVICE_UNAVAILABLE: { code: 10018, meaning: 'A dependency (the database) is not reachable (HTTP 503).' },

  // Tokens (spec §8: 1007/1008 toast "Timeout, …" for 3 s).
  TOKEN_TIMEOUT: { code: CODE_TOKEN_TIMEOUT, meaning: 'The access token has expired.' },
  TOKEN_ERROR: { code: CODE_TOKEN_ERROR, meaning: 'The access token is malformed or unknown.' },
  SDK_NO_PERMISSION: {
    code: CODE_SDK_NO_PERMISSION,
    meaning: 'The SDK access token does not grant this call; treated as no permission.',
  },

  // Accounts.
  INVALID_CREDENTIALS: {
    code: 20001,
    meaning: 'Sign-in failed: email or password wrong (deliberately not saying which).',
  },
  EMAIL_ALREADY_REGISTERED: { code: 20002, meaning: 'Sign-up refused: an account with this email exists.' },
  WEAK_PASSWORD: {
    code: 20003,
    meaning: 'Password does not meet the policy: longer than 128 characters.',
  },
  INVALID_EMAIL: {
    code: 20004,
    meaning: "Email fails spec §5: trimmed value not an address, or over 320 characters ('invalid email').",
  },
  INVALID_MOBILE: {
    code: 20005,
    meaning: "Mobile number fails spec §5: 7 to 12 digits ('invalid mobile number').",
  },
  INVALID_MEMBER_TAG: {
    code: 20006,
    meaning: 'tagmember: unknown tagName or a value outside the allowed set.',
  },
  PASSWORD_TOO_SHORT: {
    code: 20013,
    meaning:
      'Password shorter than 12 characters (ASVS 2.1.1; runs of spaces count as one character, so twelve spaces are too short).',
  },
  PASSWORD_TOO_COMMON: {
    code: 20014,
    meaning: 'Password is one of the 100 000 most common passwords (compared without regard to case).',
  },
  PASSWORD_CONTAINS_EMAIL: {
    code: 20015,
    meaning: "Password contains the account's own email address or its part before the @.",
  },
  STAFF_TOTP_REQUIRED: {
    code: 20007,
    meaning:
      'Back-office sign-in: email and password are right, now give the TOTP code (answered only after a correct password; a wrong code is 20001).',
  },
  STAFF_MEMBER_NOT_FOUND: {
    code: 20008,
    meaning: 'Back office, staff admin: no staff member with this id.',
  },
  STAFF_SECOND_FACTOR_NOT_SET: {
    code: 20009,
    meaning:
      'Back office: the member has no second factor (never enrolled, or it was already reset), so there is nothing to reset and no recovery codes to make.',
  },
  STAFF_SELF_RESET_REFUSED: {
    code: 20010,
    meaning:
      "Back office, staff admin: an administrator may not reset their own second factor (another administrator does it; the member's recovery codes sign in meanwhile).",
  },
  STAFF_RESET_REASON_REQUIRED: {
    code: 20011,
    meaning: 'Back office, staff admin: a reset of a second factor needs a reason (3 to 500 characters).',
  },
  STAFF_RECOVERY_CODE_FORMAT: {
    code: 20012,
    meaning:
      'Back-office sign-in: the recovery code is not 10 letters and digits (groups of five, e.g. ABCDE-23456); nothing was checked.',
  },

  // Identity verification (docs/kyc.md).
  KYC_ILLEGAL_TRANSITION: {
    code: 30001,
    meaning:
      'KYC: the step or re-verification status does not allow this event (e.g. approve when not PENDING, submit after a final rejection); nothing was changed.',
  },
  KYC_FOUR_EYES_REQUIRED: {
    code: 30002,
    meaning:
      'KYC: a final rejection (FAILED_AND_CAN_NOT_RETRY) must be confirmed by a senior reviewer other than the reviewer who proposed it.',
  },
  KYC_COUNTRY_NOT_SUPPORTED: {
    code: 30003,
    meaning:
      'KYC: the country is unknown or closed to verification (CERTIFICATION_DISABLED in the country list).',
  },
  KYC_DOCUMENT_NOT_FOUND: {
    code: 30011,
    meaning:
      'KYC submit: a document id is unknown, belongs to another user, or is already part of a submission (upload it again).',
  },
  KYC_DOCUMENTS_INCOMPLETE: {
    code: 30012,
    meaning:
      'KYC submit: a required side is missing (front; back for ID_CARD, DRIVERS and RESIDENCE_PERMIT; selfie; proof of address for level 2), a side is given twice, or the document type is not issued by the country.',
  },
  KYC_QUICK_KYC_UNAVAILABLE: {
    code: 30021,
    meaning:
      'Quick KYC: no live offer of a shared verified identity for this person (none, expired or already used).',
  },
  KYC_VENDOR_ID_TYPE_NOT_OFFERED: {
    code: 30022,
    meaning:
      'Vendor verification: the national id type is not offered in its country, or the country is closed to verification.',
  },
  // Verification vendors (docs/providers.md).
  KYC_VENDOR_UNAVAILABLE: {
    code: 30061,
    meaning:
      'The verification vendor did not answer in time or answered an error (after retries); nothing was changed. Try again in a moment.',
  },
  VENDOR_WEBHOOK_REJECTED: {
    code: 30062,
    meaning:
      'Vendor webhook: the signature does not match the raw body (or the caller is not an allowed address); the event was not applied (HTTP 401).',
  },
  // Provider routing in the back office (docs/backoffice.md "Provider routing"); 30074–30079 reserved.
  PROVIDER_ROUTE_VENDOR_NOT_CONFIGURED: {
    code: 30071,
    meaning:
      'Provider routes (back office): the vendor has no credentials on this server (its settings are not set), so no one may be routed to it; configure it first, or choose another provider.',
  },
  PROVIDER_ROUTE_UNKNOWN: {
    code: 30072,
    meaning: 'Provider routes (back office): no route for this country; nothing was deleted.',
  },
  PROVIDER_ROUTE_EDIT_CONFLICT: {
    code: 30073,
    meaning:
      'Provider routes (back office): the route was created, changed or deleted by someone else since it was read (updatedAt differs); nothing was changed. Reload and edit again.',
  },
  // Back-office decisions (docs/backoffice.md "Decisions", issue 14); 30082–30089 reserved.
  CASE_ALREADY_DECIDED: {
    code: 30081,
    meaning:
      'Back office: another decision on this case (a level, re-verification, update, questionnaire, EDD case or deposit verification) committed first, so the state this decision starts from is gone; nothing was written (HTTP 409). Reload the case to see it as it now stands.',
  },
  AGREEMENT_NOT_ACCEPTED: {
    code: 30051,
    meaning:
      'Agreement document: the person has accepted no version of this agreement (the same answer for an unknown template), so there is nothing to read or download.',
  },
  // Consent before the ID and selfie are submitted (docs/kyc.md "Consent and declaration"); 30043–30049 reserved.
  KYC_CONSENT_REQUIRED: {
    code: 30041,
    meaning:
      'KYC submit: the privacy and biometric-data consent and the "information is true" declaration must both be given before ID documents and a selfie are submitted.',
  },
  KYC_CONSENT_VERSION_OUTDATED: {
    code: 30042,
    meaning:
      'KYC submit: the consent was given to a version of the text that is no longer current; show the current text and ask again.',
  },

  // Update of the identity document of a verified person (POST update-id, spec §8; the web maps each
  // code to updateIDError1–7). Nothing is stored when one of these is answered.
  KYC_UPDATE_ID_NOT_VERIFIED: {
    code: 1045,
    meaning: 'ID update: the identity (level 1) is not verified yet, so there is nothing to update.',
  },
  KYC_UPDATE_ID_UNDER_REVIEW: {
    code: 1046,
    meaning: 'ID update: an earlier ID update is still under review.',
  },
  KYC_UPDATE_ID_DOCUMENT_EXPIRED: {
    code: 1047,
    meaning: 'ID update: the new document has expired (expiryDate before today, UTC).',
  },
  KYC_UPDATE_ID_NAME_MISMATCH: {
    code: 1048,
    meaning:
      'ID update: the name differs from the verified identity (compared case- and accent-insensitively).',
  },
  KYC_UPDATE_ID_BIRTH_DATE_MISMATCH: {
    code: 1049,
    meaning: 'ID update: the date of birth differs from the verified identity.',
  },
  KYC_UPDATE_ID_COUNTRY_MISMATCH: {
    code: 1050,
    meaning: "ID update: the issuing country differs from the verified identity's.",
  },
  KYC_UPDATE_ID_DAILY_LIMIT: {
    code: 1051,
    meaning: 'ID update: the daily limit of attempts (3 per UTC day) is reached; try again tomorrow.',
  },
  KYC_UPDATE_ID_DOCUMENT_TYPE_NOT_ISSUED: {
    code: 1052,
    meaning: 'ID update: the issuing country does not issue this document type for verification.',
  },
  KYC_UPDATE_ID_IMAGES_INCOMPLETE: {
    code: 1053,
    meaning:
      'ID update: a document id is unknown, already used or of another user, or the sides are not exactly the ones the document type needs.',
  },
  KYC_UPDATE_ID_LEVEL_UNDER_REVIEW: {
    code: 1062,
    meaning: 'ID update: a level verification (or a re-verification) is under review.',
  },

  // Uploads of identity documents and evidence (apps/server/src/lib/uploads; the file is refused, nothing stored).
  UPLOAD_TYPE_NOT_ALLOWED: {
    code: 40001,
    meaning:
      'Upload: the content is not JPEG or PNG (or PDF where allowed), judged by its bytes, never its name or declared type.',
  },
  UPLOAD_TOO_LARGE: { code: 40002, meaning: 'Upload: the file is larger than 10 MB, or empty.' },
  UPLOAD_IMAGE_TOO_LARGE: {
    code: 40003,
    meaning:
      'Upload: the image header declares more than 50 megapixels or a side over 12000 pixels (refused before decoding).',
  },
  UPLOAD_CORRUPT: {
    code: 40004,
    meaning: 'Upload: the image or PDF is truncated or cannot be decoded.',
  },
  UPLOAD_PDF_ACTIVE_CONTENT: {
    code: 40005,
    meaning:
      'Upload: the PDF holds JavaScript, a launch action, embedded files, rich media or forms, or is encrypted, so it cannot be accepted.',
  },
  // Image quality of document sides and selfies (issue 10, issue 19: apps/server/src/domain/checks/quality,
  // thresholds in image-quality.ts of this package, docs/checks.md "Image quality"); 63001–63009 for the
  // checks issue 19 added (D83). 40009–40019 stay reserved.
  UPLOAD_IMAGE_TOO_SMALL: {
    code: 40006,
    meaning:
      'Upload: the photo of a document side is too small: its long side is under 1000 pixels (a selfie: 63004).',
  },
  UPLOAD_IMAGE_BLURRED: {
    code: 40007,
    meaning:
      'Upload: the photo of a document side or selfie is too blurred (variance of the Laplacian under the threshold).',
  },
  UPLOAD_IMAGE_UNIFORM: {
    code: 40008,
    meaning:
      'Upload: the photo of a document side or selfie is (nearly) a single colour or a blank page, not a photo of a document or face.',
  },
  UPLOAD_IMAGE_GLARE: {
    code: 63001,
    meaning:
      'Upload: the photo of a document side has too much glare (too large a share of near-white, clipped pixels).',
  },
  UPLOAD_IMAGE_TOO_DARK: {
    code: 63002,
    meaning:
      'Upload: the photo of a document side or selfie is too dark (mean brightness under the threshold).',
  },
  UPLOAD_IMAGE_TOO_BRIGHT: {
    code: 63003,
    meaning:
      'Upload: the photo of a document side or selfie is overexposed (mean brightness over the threshold).',
  },
  UPLOAD_SELFIE_TOO_SMALL: {
    code: 63004,
    meaning: 'Upload: the selfie is too small: its long side is under 640 pixels.',
  },
  // The correction step of the document checks (issue 19, docs/checks.md "The correction step", D100).
  KYC_CORRECTION_NOT_ASKED: {
    code: 63005,
    meaning:
      'Document correction: nothing is asked of this submission now (checks pending or passing, the review decided, or this question was already answered: read it again).',
  },
  KYC_CORRECTION_INVALID: {
    code: 63006,
    meaning:
      'Document correction: the answer is refused (a field not asked or unanswered, an empty or impossible value, a kept value without a reason, or typed MRZ lines whose format or check digits fail); nothing was changed.',
  },
  // Automatic decisions of the in-house provider (issue 19, docs/checks.md "Automatic decisions", D102–D103).
  AUTO_REVIEW_NOT_FOUND: {
    code: 63007,
    meaning: 'Back office: no automatic decision with this id is in the quality-review queue (HTTP 404).',
  },
  AUTO_REVIEW_NOT_WAITING: {
    code: 63008,
    meaning:
      'Back office: the automatic approval is no longer in the state this action starts from (reviewed, its reversal proposed or confirmed by someone else meanwhile); nothing was written (HTTP 409). Reload the queue.',
  },
  AUTO_REVERSAL_LEVEL_MOVED: {
    code: 63009,
    meaning:
      'Back office: the automatic approval cannot be reversed because level 1 is no longer verified (the person reset it or another decision moved it); nothing was written (HTTP 409).',
  },

  // The liveness challenge's evidence sent with a selfie (issue 19 "Faces", D116, docs/checks.md "Liveness").
  LIVENESS_EVIDENCE_INVALID: {
    code: 63010,
    meaning:
      'Upload: the liveness evidence sent with the selfie is refused (not JSON of the expected shape, sent with another side, too large, more than three keyframes, or a keyframe that is not a JPEG of 120 to 640 pixels a side and at most 96 KB); nothing was stored.',
  },

  // The identity document's typed details on level 1 (issue 19, D125; docs/checks.md "Nationality and
  // document number"). 63013–63014 stay reserved.
  KYC_DOCUMENT_NUMBER_INVALID: {
    code: 63011,
    meaning:
      'Submit: the document number, trimmed and upper-cased, is not 1 to 20 characters of A-Z, 0-9 and -; nothing was submitted (the uploads stay for the next attempt).',
  },
  KYC_NATIONALITY_INVALID: {
    code: 63012,
    meaning:
      'Submit: the nationality is not an ISO 3166-1 alpha-2 country code; nothing was submitted (the uploads stay for the next attempt).',
  },

  // Questionnaires, tests, agreements, declarations and EDD (docs/questionnaires.md). 50016 is the client's.
  QUESTIONNAIRE_ILLEGAL_TRANSITION: {
    code: 51001,
    meaning:
      'Questionnaire or EDD: the status does not allow this event (e.g. editing while a reviewer holds it, approving a draft); nothing was changed.',
  },
  QUESTIONNAIRE_INVALID_ANSWERS: {
    code: 51002,
    meaning:
      'Questionnaire: answers fail the template (unknown or hidden question, wrong type, required missing, format rule); ret_msg lists questionId: error code pairs.',
  },
  QUESTIONNAIRE_VERSION_MISMATCH: {
    code: 51003,
    meaning:
      'Questionnaire: the answers are for another template or template version than the one pinned for this user (reload the questionnaire).',
  },
  QUESTIONNAIRE_TEMPLATE_NOT_FOUND: {
    code: 51004,
    meaning: 'Questionnaire: no template with this code (and version), or it is not offered to this user.',
  },
  QUESTIONNAIRE_COOL_DOWN: {
    code: 51005,
    meaning:
      'Test: a failed test can be retried only after its cool-down; ret_msg gives the time (epoch ms).',
  },
  QUESTIONNAIRE_TOKEN_INVALID: {
    code: 51006,
    meaning:
      'Questionnaire: the questionnaire token is missing, expired, or for another user or template (fetch questionnaire-token again).',
  },

  // Country coverage, back office (docs/countries.md).
  COUNTRY_UNKNOWN: {
    code: 53001,
    meaning: 'Country coverage: no country with this ISO 3166-1 alpha-2 code.',
  },
  COUNTRY_EDIT_CONFLICT: {
    code: 53002,
    meaning:
      'Country coverage: the country was changed by someone else since it was read (version differs); nothing was changed. Reload and edit again.',
  },
  COUNTRY_CLOSED_REASON_INVALID: {
    code: 53003,
    meaning:
      'Country coverage: a closed country needs a reason from the closed-reason list, and an offered country has none.',
  },
  COUNTRY_DOCUMENTS_REQUIRED: {
    code: 53004,
    meaning: 'Country coverage: an offered country accepts at least one document type.',
  },
  // Help centre: "Report a problem" and the back-office support inbox (docs/help-centre.md).
  SUPPORT_TOPIC_INVALID: {
    code: 52001,
    meaning: 'Support request: the topic is not one of SUPPORT_TOPICS.',
  },
  SUPPORT_MESSAGE_INVALID: {
    code: 52002,
    meaning: 'Support request: the message is empty, shorter than 10 or longer than 4000 characters.',
  },
  SUPPORT_EMAIL_REQUIRED: {
    code: 52003,
    meaning:
      'Support request: signed out, a valid contact email (spec §5 pattern, at most 320 characters) is required.',
  },
  SUPPORT_REQUEST_NOT_FOUND: {
    code: 52004,
    meaning: 'Support inbox: no support request with this id.',
  },
  SUPPORT_ALREADY_ANSWERED: {
    code: 52005,
    meaning:
      'Support inbox: the request was answered meanwhile (by another staff member); reload it to read that answer.',
  },
  SUPPORT_ANSWER_INVALID: {
    code: 52006,
    meaning: 'Support inbox: the answer is empty or longer than 4000 characters.',
  },
  SUPPORT_LANGUAGE_INVALID: {
    code: 52007,
    meaning: 'Support request: the language is not a supported language code.',
  },

  // Partner links: partners reach only the people who agreed (docs/sdk.md "Partner links").
  PARTNER_LINK_OTHER_REF: {
    code: 54001,
    meaning:
      'Partner link: this person already shares their verification with this business under another of its user references; one person, one link per business.',
  },
  PARTNER_LINK_REF_TAKEN: {
    code: 54002,
    meaning:
      "Partner link: the business's user reference was linked to another person meanwhile (a concurrent consent); nothing was changed.",
  },
  PARTNER_LINK_TOKEN_USED: {
    code: 54003,
    meaning:
      'Partner link: this link token was already answered (agreed or declined, possibly in another tab); ask the app for a new link.',
  },
  PARTNER_LINK_SIGN_IN_REQUIRED: {
    code: 54004,
    meaning: 'Partner link: sign in or sign up in the embedded flow before agreeing.',
  },
  PARTNER_CONSENT_VERSION_OUTDATED: {
    code: 54005,
    meaning:
      'Partner link: the consent text has changed since it was shown (version differs); read it again before agreeing.',
  },
  PARTNER_LINK_NOT_FOUND: {
    code: 54006,
    meaning:
      "Partner links: no live link with this id among the signed-in person's links (already revoked?).",
  },
  // Signed partner calls and the back-office partners page (docs/sdk.md "Signed partner calls", D37).
  PARTNER_TIMESTAMP_OUT_OF_WINDOW: {
    code: 54011,
    meaning:
      'Integration: the signature is right but kyc-access-ts is more than 300 seconds from the server clock (either way); sign again with the current time.',
  },
  PARTNER_SIGNATURE_REPLAYED: {
    code: 54012,
    meaning:
      'Integration: this exact signed request was already accepted; each call is signed afresh (a new kyc-access-ts).',
  },
  PARTNER_UNKNOWN: {
    code: 54013,
    meaning: 'Partners (back office): no partner with this id.',
  },
  PARTNER_EDIT_CONFLICT: {
    code: 54014,
    meaning:
      'Partners (back office): the partner was changed by someone else since it was read (updatedAt differs); nothing was changed. Reload and edit again.',
  },
  PARTNER_ORIGIN_INVALID: {
    code: 54015,
    meaning:
      'Partners (back office): every allowed origin is an https origin (scheme and host, optional port; no path), listed once.',
  },
  PARTNER_LAST_SECRET: {
    code: 54016,
    meaning:
      'Partners (back office): the last live secret of an active partner cannot be revoked (rotate first, or deactivate the partner).',
  },
  PARTNER_ID_TAKEN: {
    code: 54017,
    meaning: 'Partners (back office): a partner with this id already exists.',
  },
  PARTNER_SECRET_UNKNOWN: {
    code: 54018,
    meaning: 'Partners (back office): the partner has no live secret with this id.',
  },
  PARTNER_TOO_MANY_SECRETS: {
    code: 54019,
    meaning:
      'Partners (back office): two secrets are already live; revoke the older one before making another.',
  },

  // Webhooks to partners (docs/sdk.md "Webhooks to partners", D45).
  PARTNER_WEBHOOK_URL_INVALID: {
    code: 54101,
    meaning:
      'Partners (back office): the webhook URL must be an absolute https URL (http only outside production), without user name or password.',
  },
  PARTNER_WEBHOOK_DELIVERY_UNKNOWN: {
    code: 54102,
    meaning: 'Partners (back office): no webhook delivery with this id.',
  },

  // Back-office lists at volume (issue 17, docs/backoffice-at-volume.md, D57).
  LIST_TOO_SLOW: {
    code: 55001,
    meaning:
      'Back office: the list took longer than its time limit (2 s); narrow the filters (site, country, level, age) and try again.',
  },
  LIST_CURSOR_INVALID: {
    code: 55002,
    meaning: 'Back office: the page cursor is not one this list gave; start again from the first page.',
  },
  LIST_CANCELLED: {
    code: 55003,
    meaning: 'Back office: the list was cancelled because the client went away before it was answered.',
  },

  // Working a queue together (issue 17): claims, assignment, service levels.
  CASE_CLAIMED_BY_OTHER: {
    code: 55011,
    meaning: 'Back office: another reviewer has claimed this case; ask a lead to reassign it.',
  },
  CASE_CLAIM_CHANGED: {
    code: 55012,
    meaning: "Back office: the case's assignment changed since it was read; reload the case and try again.",
  },
  CASE_NOT_ASSIGNEE: {
    code: 55013,
    meaning: 'Back office: only the reviewer this case is assigned to may decide it while the claim lasts.',
  },
  CASE_ASSIGNEE_INVALID: {
    code: 55014,
    meaning: 'Back office: a case can be assigned only to an active member who may decide cases.',
  },
  STAFF_SITES_CHANGED: {
    code: 55015,
    meaning:
      "Back office, staff admin: the member's sites changed since they were read; reload and try again.",
  },
  SERVICE_LEVELS_CHANGED: {
    code: 55021,
    meaning: 'Back office: the service levels changed since they were read; reload them and try again.',
  },

  // The dashboard and its CSV exports (issue 17, D87–D88).
  DASHBOARD_PERIOD_INVALID: {
    code: 55031,
    meaning:
      'Back office: the period is not two days written YYYY-MM-DD with the first on or before the last; correct it and try again.',
  },
  DASHBOARD_PERIOD_TOO_LONG: {
    code: 55032,
    meaning: 'Back office: the period is longer than 366 days; choose a shorter one.',
  },
  DASHBOARD_FIGURE_UNKNOWN: {
    code: 55033,
    meaning:
      'Back office: no such figure to export; use backlog, decisions_per_day, outcomes, reject_reasons, time_to_decision, breaches or reviewer_throughput.',
  },

  // Security verification (step-up), issue 15 (docs/security-verification.md, D52–D54); 60001–60029.
  RISK_VERIFICATION_REQUIRED: {
    code: 60001,
    meaning:
      'Security verification: this action needs a risk token for its scene (header x-risk-token); ask /v1/kyc/risk-component/intercept for one.',
  },
  RISK_TOKEN_INVALID: {
    code: 60002,
    meaning:
      'Security verification: the risk token is unknown, expired, or was issued to another person or session; verify again.',
  },
  RISK_TOKEN_USED: {
    code: 60003,
    meaning: 'Security verification: the risk token was used already (each one works once); verify again.',
  },
  RISK_TOKEN_WRONG_SCENE: {
    code: 60004,
    meaning: 'Security verification: the risk token was issued for another scene than this action.',
  },
  VERIFICATION_CODE_WRONG: {
    code: 60005,
    meaning: 'Security verification: the code is not right; ret_msg says how many tries are left.',
  },
  VERIFICATION_CODE_EXPIRED: {
    code: 60006,
    meaning:
      'Security verification: the email code has expired (10 minutes) or was replaced; ask for a new one.',
  },
  VERIFICATION_TOO_MANY_ATTEMPTS: {
    code: 60007,
    meaning: 'Security verification: five wrong codes ended this code; ask for a new one.',
  },
  VERIFICATION_RESEND_TOO_SOON: {
    code: 60008,
    meaning: 'Security verification: a new code can be sent 60 seconds after the previous one.',
  },
  VERIFICATION_SEND_LIMIT: {
    code: 60009,
    meaning: 'Security verification: five codes were sent in the last hour; try again later.',
  },
  VERIFICATION_COMPONENT_UNAVAILABLE: {
    code: 60010,
    meaning:
      'Security verification: this way of verifying is not set up for the account (no authenticator app enrolled), or no code was sent.',
  },
  TOTP_ALREADY_ENABLED: {
    code: 60011,
    meaning: 'Security verification: an authenticator app is already set up; remove it first.',
  },
  MAIL_NOT_SENT: {
    code: 60012,
    meaning: 'Security verification: the email could not be sent (SMTP failed); try again in a moment.',
  },
  AUTHENTICATOR_LOCKED: {
    code: 60013,
    meaning:
      'Security verification: five wrong authenticator codes in 15 minutes; the app is refused until the window ends (the email code still works).',
  },
  // Sign-in behind an email code for an intercepted device (D80, docs/security-verification.md).
  SIGN_IN_EMAIL_CODE_REQUIRED: {
    code: 60014,
    meaning:
      'Sign-in: this device had too many failed sign-ins; an email code is required before sign-in (POST /user/public/login/email-code, then the login with emailCode). The password was not checked.',
  },
  SIGN_IN_EMAIL_CODE_NOT_NEEDED: {
    code: 60015,
    meaning: 'Sign-in: this device does not need an email code; sign in with the password.',
  },
  SIGN_IN_EMAIL_CODE_NOT_SENT: {
    code: 60016,
    meaning:
      'Sign-in: no email code was sent for this email on this device (or it was used); ask for one first.',
  },

  // Identity transfer, issue 15 (docs/identity-transfer.md, D55–D56); 60031–60049.
  TRANSFER_SOURCE_INVALID: {
    code: 60031,
    meaning:
      'Identity transfer: the source account cannot be used (unknown, this same account, or not verified); deliberately not saying which.',
  },
  TRANSFER_TARGET_VERIFIED: {
    code: 60032,
    meaning: 'Identity transfer: this account is verified already or has a verification under review.',
  },
  TRANSFER_SOURCE_RESTRICTED: {
    code: 60033,
    meaning: 'Identity transfer: the source account is frozen or under review.',
  },
  TRANSFER_OPEN_CARD: {
    code: 60034,
    meaning:
      "Identity transfer: the source account has an open card (spec §3 card type 'card'); close it first.",
  },
  TRANSFER_COUNTRY_REFUSED: {
    code: 60035,
    meaning:
      'Identity transfer: not offered to residents of the Netherlands (NL) and mainland China (CN), for regulatory reasons.',
  },
  TRANSFER_ALREADY_OPEN: {
    code: 60036,
    meaning: 'Identity transfer: a transfer from or to one of the accounts is in progress already.',
  },
  TRANSFER_NOT_FOUND: {
    code: 60037,
    meaning: 'Identity transfer: no such transfer for this account, or it is not at the step asked for.',
  },
  TRANSFER_DETAILS_MISMATCH: {
    code: 60038,
    meaning:
      'Identity transfer: the name and date of birth given do not match the verified identity of the source.',
  },
  TRANSFER_FOUR_EYES: {
    code: 60039,
    meaning:
      'Identity transfer (back office): a transfer of this level needs a second approval by another senior reviewer.',
  },
  TRANSFER_SELFIE_NOT_REVIEWED: {
    code: 60040,
    meaning: 'Identity transfer (back office): approving requires confirming that the selfie was reviewed.',
  },

  // Sanctions and PEP screening, issue 18 (docs/screening.md); 61001–61019.
  SCREENING_OPEN_HIT: {
    code: 61001,
    meaning:
      'Back office: the person has an open screening hit (a sanctions, PEP or internal list); resolve it before approving. Every level, re-verification and update approval is refused while one is open.',
  },
  SCREENING_NOT_DONE: {
    code: 61002,
    meaning:
      'Back office: the person could not be screened against the loaded lists (no list loaded, no name on file, or the lists changed while approving); nothing was approved. Try again; the case page shows the screening.',
  },
  SCREENING_HIT_UNKNOWN: {
    code: 61003,
    meaning: 'Back office: no screening hit with this id.',
  },
  SCREENING_HIT_CHANGED: {
    code: 61004,
    meaning:
      'Back office: the screening hit changed since it was read (another reviewer resolved it, or a new screening scored it again); nothing was saved. Reload the case and decide again.',
  },
  SCREENING_HIT_WRONG_STATE: {
    code: 61005,
    meaning:
      "Back office: this resolution does not fit the hit's state (only an open hit is marked, only a false positive waiting for confirmation is confirmed or sent back).",
  },
  SCREENING_OWN_CONFIRMATION: {
    code: 61006,
    meaning:
      'Back office: a sanctions false positive needs a second reviewer (four eyes); the reviewer who marked it cannot confirm it.',
  },
  ACCOUNT_FROZEN: {
    code: 61007,
    meaning:
      'The account is frozen after a compliance review: no submission is accepted (every KYC, questionnaire and transfer submission refuses) and staff cannot approve it. The person is asked to contact support.',
  },
  SCREENING_EXPORT_UNKNOWN: {
    code: 61008,
    meaning: 'Back office: this person has no suspicious-activity export (no true match was recorded).',
  },
  SCREENING_ALERT_ASSIGNED_TO_OTHER: {
    code: 61009,
    meaning:
      'Back office: another reviewer is assigned to this screening alert; a lead (assign_cases) can take it over.',
  },
  SCREENING_ALERT_ASSIGNMENT_CHANGED: {
    code: 61010,
    meaning:
      "Back office: the alert's assignment changed since it was read; reload the alerts and try again.",
  },
  SCREENING_FREEZE_OWN_LIFT: {
    code: 61011,
    meaning:
      'Back office: a freeze is lifted by a second person (four eyes); whoever froze the account cannot lift it.',
  },
  SCREENING_NOT_FROZEN: {
    code: 61012,
    meaning:
      'Back office: the account is not frozen by this hit (the freeze was lifted meanwhile, or is for another hit); reload the case.',
  },
  // Refreshing lists and delta re-screening, issue 18 (docs/screening.md "Refreshing lists"); 61030–61035.
  SCREENING_LISTS_NOT_CONFIGURED: {
    code: 61030,
    meaning:
      'Back office: no screening list is configured (SCREENING_LISTS is empty), so there is nothing to refresh.',
  },
  // Risk score, issue 18 (docs/screening.md "Risk score"); 61020–61029.
  RISK_WEIGHTS_INVALID: {
    code: 61020,
    meaning:
      'Back office: the risk thresholds are out of order (medium must be below high); ret_msg says which. Nothing was saved.',
  },
  RISK_WEIGHTS_VERSION_CHANGED: {
    code: 61021,
    meaning:
      'Back office: the risk weights changed since they were read (another admin saved a new version); nothing was saved. Reload and change them again.',
  },
  RISK_COUNTRY_LISTS_VERSION_CHANGED: {
    code: 61022,
    meaning:
      'Back office: the risk configuration changed since the country lists were read (another admin changed a list or the weights); nothing was saved. Reload and make the change again.',
  },
  RISK_COUNTRY_LIST_DATE_INVALID: {
    code: 61023,
    meaning:
      'Back office: a country list date is not a calendar date as YYYY-MM-DD, or the publication date is in the future; ret_msg names the field. Nothing was saved.',
  },
  RISK_COUNTRY_LIST_SOURCE_INVALID: {
    code: 61024,
    meaning:
      "Back office: a country list entry's source must begin with an https URL (a note may follow). Nothing was saved.",
  },
  RISK_COUNTRY_LIST_ENTRY_EXISTS: {
    code: 61025,
    meaning: 'Back office: the country is on this list already (edit its entry instead). Nothing was saved.',
  },
  RISK_COUNTRY_LIST_ENTRY_UNKNOWN: {
    code: 61026,
    meaning:
      'Back office: the country is not on this list, so its entry cannot be changed or removed. Nothing was saved.',
  },

  // Data lifecycle, issue 20 (docs/data-lifecycle.md): retention policies, legal holds, erasure; 62001–62019.
  RETENTION_POLICY_INCOMPLETE: {
    code: 62001,
    meaning:
      'Back office: the retention policies must name every site and record kind exactly once; ret_msg lists what is missing or repeated. Nothing was saved.',
  },
  RETENTION_POLICY_BELOW_MINIMUM: {
    code: 62002,
    meaning:
      'Back office: a retention period is shorter than the legal minimum of its site and record kind (e.g. five years after the relationship ends under the EU AMLD); ret_msg names it. Nothing was saved.',
  },
  RETENTION_POLICY_CLOCK_INVALID: {
    code: 62003,
    meaning:
      "Back office: a policy's clock does not fit its record kind (a person's records count from the end of the relationship or a later decision; rolling records such as sessions, uploads and drafts from their own creation or last activity); ret_msg names it.",
  },
  RETENTION_POLICY_VERSION_CHANGED: {
    code: 62004,
    meaning:
      'Back office: the retention policies changed since they were read (another admin saved a new version); nothing was saved. Reload and change them again.',
  },
  LEGAL_HOLD_UNKNOWN: { code: 62005, meaning: 'Back office: no legal hold with this id.' },
  LEGAL_HOLD_ALREADY_LIFTED: {
    code: 62006,
    meaning: 'Back office: this legal hold was lifted already (by someone else, meanwhile).',
  },
  LEGAL_HOLD_PERSON_UNKNOWN: {
    code: 62007,
    meaning: 'Back office: no person with this id, so no hold was placed.',
  },
  LEGAL_HOLD_REVIEW_DATE_INVALID: {
    code: 62008,
    meaning: "Back office: a legal hold's review date must be in the future and within two years.",
  },
  RETENTION_RUN_IN_PROGRESS: {
    code: 62009,
    meaning:
      'Back office: the erasure job is running already (started by the schedule or another admin); its redaction records appear as it goes. Try again when it has finished.',
  },
  // The person's own copy of their data, issue 20 (docs/data-export.md, D74–D75); 62020–62029.
  DATA_EXPORT_IN_PROGRESS: {
    code: 62020,
    meaning:
      "Data export: a copy of this person's data is being prepared already; one at a time (poll its status).",
  },
  DATA_EXPORT_TOO_SOON: {
    code: 62021,
    meaning:
      'Data export: one copy per 24 hours; ret_msg says when the next may be asked for (a failed one does not count).',
  },
  DATA_EXPORT_UNKNOWN: {
    code: 62022,
    meaning: 'Data export: no such export for this person (or it is not theirs).',
  },
  DATA_EXPORT_NOT_READY: {
    code: 62023,
    meaning: 'Data export: the copy is still being prepared; no download link yet.',
  },
  DATA_EXPORT_ALREADY_DOWNLOADED: {
    code: 62024,
    meaning:
      'Data export: the copy was downloaded already; its link works once. Ask for a new copy (after 24 hours).',
  },
  DATA_EXPORT_EXPIRED: {
    code: 62025,
    meaning:
      'Data export: the copy or its download link has expired (a copy is kept 7 days, a link 15 minutes); it is deleted.',
  },
  DATA_EXPORT_LINK_INVALID: {
    code: 62026,
    meaning:
      "Data export: the download link is not valid (unknown, replaced by a newer link, or another person's).",
  },
  DATA_EXPORT_FAILED: {
    code: 62027,
    meaning:
      'Data export: preparing the copy failed; nothing can be downloaded. Ask for a new one (a failed copy does not count towards the daily limit).',
  },

  // Closing an account and the erasure request, issue 20 (docs/data-lifecycle.md "Closing an account"); 62030–62039.
  ACCOUNT_CLOSED: {
    code: 62030,
    meaning:
      'Sign-in: the account was closed (by the person or by the exchange); it cannot be signed in to again. Answered only after a right password.',
  },
  ACCOUNT_ALREADY_CLOSED: {
    code: 62031,
    meaning:
      'The account is closed already (another tab, a second click or a staff member closed it first); nothing more was changed.',
  },
  ACCOUNT_CLOSURE_PERSON_UNKNOWN: {
    code: 62032,
    meaning: 'Back office: no person with this id, so no account was closed.',
  },

  // Issue 20, slice C (D78–D79): the back office and a closed or held person's data; 62040–62049.
  CLOSED_ACCOUNT_ACCESS_DENIED: {
    code: 62040,
    meaning:
      "Back office: this person's account is closed or on legal hold, and the staff member's role may not open such accounts (access_closed_accounts: senior reviewers and admins).",
  },
  CLOSED_ACCOUNT_REASON_REQUIRED: {
    code: 62041,
    meaning:
      "Back office: this person's account is closed or on legal hold: POST …/cases/:userId/closed-access with the reason first; it opens their data to this staff member for 30 minutes, every view audited with it.",
  },
  RECORD_REDACTED: {
    code: 62042,
    meaning:
      'Back office: this record was erased under the retention policy (the redaction records say when and under which policy version); it can no longer be opened.',
  },
  PERSON_NOT_FOUND: {
    code: 62043,
    meaning: 'Back office: no person has this email or user id.',
  },

  // Produced by the client, never by the server (spec §8).
  REQUEST_TIMEOUT: {
    code: CODE_REQUEST_TIMEOUT,
    meaning: "Client: no answer within 30000 ms ('Request timeout, please re-try!').",
  },
  NETWORK_ERROR: {
    code: CODE_NETWORK_ERROR,
    meaning: 'Client: network, HTTP status or timeout failure; shown as a 2 s toast.',
  },
} as const satisfies Record<string, { code: number; meaning: string }>;

export type RetCodeName = keyof typeof RET_CODES;
export type RetCode = (typeof RET_CODES)[RetCodeName]['code'];

/** Every code of the catalogue, for the translation completeness test and the docs. */
export const ALL_RET_CODES: readonly RetCode[] = Object.values(RET_CODES).map((entry) => entry.code);
