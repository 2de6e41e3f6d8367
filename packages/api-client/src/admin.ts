// The admin API (docs/api.md, 'Admin'): its paths, the shapes of its answers and its
// mutations. Reads are queries whose key starts with one of ADMIN_API's paths, run by the
// default query function of "@portfolio/api-client/query". Imported as
// "@portfolio/api-client/admin" by the admin section only.
import type { ReleasedName } from "@portfolio/content/sections";
import type { AnswerOf, RequestOf, Schemas } from "./contract";
import { type RequestOptions, request } from "./request";

// The admin section takes its error type from here, not from the package root: the root
// is the shell's shared copy, this subpath is bundled into the admin remote with its own
// copy of ./request, and `instanceof ApiError` holds only within one copy.
export {
  ApiError,
  fieldProblemOf,
  INVALID_RESPONSE,
  isUnauthorized,
  NETWORK_ERROR,
  request,
} from "./request";

// The shapes of the admin API's answers and requests: the contract's (./contract).
export type TrafficDay = Schemas["TrafficDay"];
export type TrafficPage = Schemas["TrafficPage"];
export type TrafficItem = Schemas["TrafficItem"];
export type TrafficReport = Schemas["TrafficReport"];
export type VitalName = Schemas["VitalName"];
export type VitalThresholds = Schemas["VitalThresholds"];
export type VitalSummary = Schemas["VitalSummary"];
export type VitalsScope = Schemas["VitalsScope"];
export type TrafficVitals = Schemas["TrafficVitals"];
export type AdminSession = Schemas["AdminSession"];
export type AdminSignedOut = Schemas["AdminSignedOut"];
export type AdminSessionState = Schemas["AdminSessionState"];
export type AdminSetup = Schemas["AdminSetup"];
export type AdminCredentials = Schemas["AdminCredentials"];
export type SubscriberState = Schemas["SubscriberState"];
export type AdminStats = Schemas["AdminStats"];
export type Replication = Schemas["Replication"];
export type AdminEdition = Schemas["AdminEdition"];
export type EditionResults = Schemas["EditionResults"];
export type ScheduleResult = Schemas["ScheduleResult"];
export type SuppressionReason = Schemas["SuppressionReason"];
export type Suppression = Schemas["Suppression"];
export type SuppressionList = Schemas["SuppressionList"];
export type PublishResult = Schemas["PublishResult"];
export type EditionPreview = Schemas["EditionPreview"];
export type TestSendResult = Schemas["TestSendResult"];
export type Subscriber = Schemas["Subscriber"];
export type RefusedRow = Schemas["RefusedRow"];
export type ImportResult = Schemas["ImportResult"];
export type SubscriberPage = Schemas["SubscriberPage"];
export type ContactMessageRecord = Schemas["ContactMessageRecord"];
export type MessageList = Schemas["MessageList"];
export type TroubledMail = Schemas["TroubledMail"];
export type MailList = Schemas["MailList"];
/** The parts of the site that ship as releases of their own (content/sections.json). */
export type SectionName = ReleasedName;
export type SectionRelease = Schemas["SectionRelease"];
export type SectionAction = Schemas["SectionAction"];
export type SectionEvent = Schemas["SectionEvent"];
export type SectionCanary = Schemas["SectionCanary"];
export type SectionKey = Schemas["SectionKey"];
export type SectionStatus = Schemas["SectionStatus"];
export type SectionList = Schemas["SectionList"];
export type SectionServing = Schemas["SectionServing"];
export type SectionPreview = Schemas["SectionPreview"];

/** What a call of the admin API takes besides its own arguments. */
type CallOptions = Omit<RequestOptions, "method" | "body">;

// The sections' actions' bodies, as the contract names them.
type Promote = RequestOf<"promoteSection">;
type Preview = RequestOf<"previewSection">;
type AddKey = RequestOf<"addSectionKey">;

/** POSTs `body` (JSON) to `path`: every admin action with a body goes this way. */
function post<T>(path: string, body: unknown, options?: CallOptions): Promise<T> {
  return request<T>(path, { ...options, method: "POST", body });
}

export const ADMIN_API = {
  session: "/api/admin/session",
  setup: "/api/admin/setup",
  stats: "/api/admin/stats",
  editions: "/api/admin/editions",
  subscribers: "/api/admin/subscribers",
  subscribersCsv: "/api/admin/subscribers.csv",
  subscribersImport: "/api/admin/subscribers/import",
  messages: "/api/admin/messages",
  mail: "/api/admin/mail",
  suppressions: "/api/admin/suppressions",
  sections: "/api/admin/sections",
  traffic: "/api/admin/traffic",
} as const;

/** The spans of days the Traffic page offers (GET /api/admin/traffic?days=…). */
export type TrafficSpan = Schemas["TrafficSpan"];
export const trafficSpans = [7, 30, 90] as const satisfies readonly TrafficSpan[];

/** POST here queues a dead email again. */
export const retryMailPath = (id: number) => `${ADMIN_API.mail}/${id}/retry`;

/** POST here sends the edition to every confirmed subscriber. */
export const publishEditionPath = (id: number) => `${ADMIN_API.editions}/${id}/publish`;

/** GET here: edition `id`'s email as a subscriber gets it. */
export const editionPreviewPath = (id: number) => `${ADMIN_API.editions}/${id}/preview`;

/** POST here sends edition `id`'s email to the owner alone, as a test. */
export const testEditionPath = (id: number) => `${ADMIN_API.editions}/${id}/test`;

/** Where an edition is scheduled (PUT) or unscheduled (DELETE). */
export const scheduleEditionPath = (id: number) => `${ADMIN_API.editions}/${id}/schedule`;

/** POST here makes a published release the one `section` serves. */
export const promoteSectionPath = (section: string) =>
  `${ADMIN_API.sections}/${encodeURIComponent(section)}/promote`;

/** POST here undoes `section`'s last promote. */
export const rollbackSectionPath = (section: string) =>
  `${ADMIN_API.sections}/${encodeURIComponent(section)}/rollback`;

/** GET here lists `section`'s signing keys, POST adds one; DELETE with ?fingerprint= removes one. */
export const sectionKeysPath = (section: string) =>
  `${ADMIN_API.sections}/${encodeURIComponent(section)}/keys`;

/** The API's error code when no admin is configured nor set up (503, on every call but the probe and the setup). */
export const NOT_CONFIGURED = "not_configured";

export const subscriberStates: readonly SubscriberState[] = [
  "confirmed",
  "unconfirmed",
  "unsubscribed",
];

/** The largest file the import takes (newsletter.MaxImportBytes); larger is refused with 413. */
export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;

/**
 * Imports the subscribers of a CSV file (this site's export, or listmonk's, Mailchimp's
 * or Buttondown's): 400 `invalid` (field `file`) or 413 `too_large` when the whole file
 * is refused, 503 when nothing could be saved. Rows refused one by one are in the answer.
 */
export function importSubscribers(file: Blob, options?: CallOptions): Promise<ImportResult> {
  // Sent as text/csv whatever the browser made of the file's type ('' or
  // application/vnd.ms-excel for a .csv on some systems).
  return post<ImportResult>(
    ADMIN_API.subscribersImport,
    file.slice(0, file.size, "text/csv"),
    options,
  );
}

/** Queues dead email `id` again: 404 for an unknown email, 409 when it is not dead. */
export function retryMail(id: number, options?: CallOptions): Promise<AnswerOf<"retryMail", 200>> {
  return request<AnswerOf<"retryMail", 200>>(retryMailPath(id), {
    ...options,
    method: "POST",
  });
}

/** Schedules edition `id` for `at` (or moves its schedule): 400 for a time past, 404 for no such edition. */
export function scheduleEdition(
  id: number,
  at: string,
  options?: CallOptions,
): Promise<ScheduleResult> {
  return request<ScheduleResult>(scheduleEditionPath(id), {
    ...options,
    method: "PUT",
    body: { at } satisfies RequestOf<"scheduleEdition">,
  });
}

/** Cancels edition `id`'s schedule: 404 when it is not scheduled (or has started). */
export function unscheduleEdition(id: number, options?: CallOptions): Promise<void> {
  return request<void>(scheduleEditionPath(id), { ...options, method: "DELETE" });
}

/** Lifts the suppression of `email`: it gets email again. 404 when it is not suppressed. */
export function liftSuppression(email: string, options?: CallOptions): Promise<void> {
  return request<void>(`${ADMIN_API.suppressions}?email=${encodeURIComponent(email)}`, {
    ...options,
    method: "DELETE",
  });
}

/** POST /api/admin/session: 204 and the session cookie, or 401 / 429 / 503. */
export function signIn(credentials: AdminCredentials, options?: CallOptions): Promise<void> {
  return post<void>(ADMIN_API.session, credentials satisfies RequestOf<"signIn">, options);
}

/** POST /api/admin/setup: 204 and a session cookie (signed in), 400 `invalid` (field user, password or token), 409 when an admin exists. */
export function setUpAdmin(setup: AdminSetup, options?: CallOptions): Promise<void> {
  return post<void>(ADMIN_API.setup, setup satisfies RequestOf<"setUpAdmin">, options);
}

/** DELETE /api/admin/session: ends the session and clears its cookie. */
export function signOut(options?: CallOptions): Promise<void> {
  return request<void>(ADMIN_API.session, { ...options, method: "DELETE" });
}

/** Sends edition `id` again: 404 for an unknown edition, 409 while it is already being sent. */
export function publishEdition(id: number, options?: CallOptions): Promise<PublishResult> {
  return request<PublishResult>(publishEditionPath(id), { ...options, method: "POST" });
}

/** Sends edition `id` to the owner alone, marked as a test: no subscriber, no publication. */
export function sendTestEdition(id: number, options?: CallOptions): Promise<TestSendResult> {
  return request<TestSendResult>(testEditionPath(id), { ...options, method: "POST" });
}

/**
 * Makes published `version` the one `section` serves: 404 `not_found` for an unknown
 * section or version, 409 `conflict` (the check's refusal as the message) when the
 * release does not fit the site as it runs now.
 */
export const promoteSection = (section: string, version: string, options?: CallOptions) =>
  post<SectionServing>(promoteSectionPath(section), { version } satisfies Promote, options);

/** POST here makes a preview link of a published version of `section`. */
export const previewSectionPath = (section: string) =>
  `${ADMIN_API.sections}/${encodeURIComponent(section)}/preview`;

/** A preview link of published `version` of `section`, valid 24 hours. */
export const previewSection = (section: string, version: string, options?: CallOptions) =>
  post<SectionPreview>(previewSectionPath(section), { version } satisfies Preview, options);

/** Undoes `section`'s last promote: 409 `conflict` when there is none to undo. */
export function rollbackSection(section: string, options?: CallOptions): Promise<SectionServing> {
  return request<SectionServing>(rollbackSectionPath(section), { ...options, method: "POST" });
}

/**
 * Adds a public key (a line of a .pub file) to `section`: 400 `invalid` with field
 * `publicKey` for anything that is not one key fit to sign, 409 `conflict` for a key it
 * already has.
 */
export const addSectionKey = (section: string, publicKey: string, options?: CallOptions) =>
  post<SectionKey>(sectionKeysPath(section), { publicKey } satisfies AddKey, options);

/** Removes key `fingerprint` from `section`: 404 `not_found` when it has no such key. */
export function removeSectionKey(
  section: string,
  fingerprint: string,
  options?: CallOptions,
): Promise<void> {
  return request<void>(
    `${sectionKeysPath(section)}?fingerprint=${encodeURIComponent(fingerprint)}`,
    { ...options, method: "DELETE" },
  );
}
