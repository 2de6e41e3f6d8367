// The admin API (docs/api.md, 'Admin'): its paths, the shapes of its answers and its
// mutations. Reads are queries whose key starts with one of ADMIN_API's paths, run by the
// default query function of "@portfolio/api-client/query". Imported as
// "@portfolio/api-client/admin" by the admin section only.
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

/** What a call of the admin API takes besides its own arguments. */
type CallOptions = Omit<RequestOptions, "method" | "body">;

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
export const trafficSpans = [7, 30, 90] as const;
export type TrafficSpan = (typeof trafficSpans)[number];

/** One UTC day of the traffic. */
export interface TrafficDay {
  /** YYYY-MM-DD, UTC. */
  day: string;
  views: number;
  visitors: number;
}

/** A page with its count of views (or sign-ups); `title` is "" for a page no longer served. */
export interface TrafficPage {
  path: string;
  title: string;
  count: number;
}

/** A referrer host ("" direct or unknown, "(other)" the rest) or a device class, with its views. */
export interface TrafficItem {
  key: string;
  count: number;
}

/** GET /api/admin/traffic: the site's own analytics over the last `days` days. */
export interface TrafficReport {
  /** False when the gateway counts nothing (PORTFOLIO_ANALYTICS=false). */
  enabled: boolean;
  days: number;
  from?: string;
  to?: string;
  /** Every day of the span, oldest first. */
  series: TrafficDay[];
  pages: TrafficPage[];
  articles: TrafficPage[];
  referrers: TrafficItem[];
  devices: TrafficItem[];
  /** New subscribers by the page they signed up on ("" unknown). */
  signups: TrafficPage[];
  /** What the visitors' browsers reported (docs/decisions/0059-canary-releases.md). */
  vitals: TrafficVitals;
}

/** A Core Web Vital's name. */
export type VitalName = "lcp" | "inp" | "cls" | "ttfb";

/** A metric's thresholds: good ≤ `good` < needs improvement ≤ `poor` < poor. */
export interface VitalThresholds {
  name: VitalName;
  good: number;
  poor: number;
  /** "ms", or "" for CLS. */
  unit: string;
}

/** One metric over the views of a route or a version. */
export interface VitalSummary {
  name: VitalName;
  /** How many views measured it; 0: no figure. */
  n: number;
  /** The 75th percentile (the upper bound of its histogram bucket). */
  p75: number;
  rating: "" | "good" | "needs-improvement" | "poor";
  good: number;
  needsImprovement: number;
  poor: number;
}

/** The views of a route (`route`, `title`) or of a section's version (`section`, `version`). */
export interface VitalsScope {
  route?: string;
  title?: string;
  section?: string;
  version?: string;
  /** How the version is served now: "stable", "canary", or absent (not now). */
  serving?: "stable" | "canary";
  /** Views that reported. */
  views: number;
  /** Uncaught JavaScript errors. */
  errors: number;
  metrics: VitalSummary[];
}

/** The real-user part of the Traffic report. */
export interface TrafficVitals {
  thresholds: VitalThresholds[];
  routes: VitalsScope[];
  versions: VitalsScope[];
}

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

/** Who is signed in, and until when. */
export interface AdminSession {
  authenticated: true;
  user: string;
  /** RFC 3339. */
  expiresAt: string;
}

/** Nobody is signed in; `configured` is false while no admin exists (the setup link in the gateway's log makes one). */
export interface AdminSignedOut {
  authenticated: false;
  configured: boolean;
}

/** GET /api/admin/session: always 200, so a browser logs no failed request for an expected answer. */
export type AdminSessionState = AdminSession | AdminSignedOut;

/** POST /api/admin/setup: the setup link's token, and the admin's user name and password. */
export interface AdminSetup extends AdminCredentials {
  token: string;
}

export interface AdminCredentials {
  user: string;
  password: string;
}

export type SubscriberState = "unconfirmed" | "confirmed" | "unsubscribed";

export const subscriberStates: readonly SubscriberState[] = [
  "confirmed",
  "unconfirmed",
  "unsubscribed",
];

/** GET /api/admin/stats: real counts from the store. */
export interface AdminStats {
  subscribers: Record<SubscriberState, number>;
  /** Editions in content. */
  editions: number;
  /** Editions that have been sent to subscribers at least once. */
  published: number;
  schedule: string;
  /** How the database is kept off its disk (docs/decisions/0053); null if the gateway does not say. */
  replication: Replication | null;
}

/**
 * `replica`: SQLite, copied to PORTFOLIO_REPLICA_URL as it is written; `lagSeconds` is how
 * long ago the replica last held every write, `healthy` whether that is within what the
 * PortfolioReplicaLagging alert allows. `none`: SQLite on one disk only. `postgres`: the
 * database server archives its own WAL.
 */
export type Replication =
  | { mode: "replica"; lagSeconds: number; healthy: boolean }
  | { mode: "none"; healthy: false }
  | { mode: "postgres"; healthy: true };

/** One item of GET /api/admin/editions. */
export interface AdminEdition {
  id: number;
  title: string;
  /** Month and year, as content says it ('December 2024'). */
  date: string;
  excerpt: string;
  readTime: string;
  /** RFC 3339; null until the edition is first sent. */
  lastPublishedAt: string | null;
  /** Emails queued by the last send; null until the edition is first sent. */
  lastPublishedCount: number | null;
  /** RFC 3339: when it is set to go out; null when it is not scheduled. */
  scheduledAt: string | null;
  /** What became of the last send's emails; null until the edition is first sent. */
  results: EditionResults | null;
}

/**
 * An edition's last send, from the outbox and the relay's events: no open or click is
 * tracked. Delivered counts only where the relay reports deliveries.
 */
export interface EditionResults {
  sent: number;
  delivered: number;
  bounced: number;
  complained: number;
  /** Recipients who unsubscribed within 7 days of the send. */
  unsubscribed: number;
}

/** PUT /api/admin/editions/{id}/schedule: the edition goes out at `at` (RFC 3339). */
export interface ScheduleResult {
  editionId: number;
  at: string;
}

/** Why an address gets no email: a hard bounce, a complaint, or soft bounces in a row. */
export type SuppressionReason = "hard_bounce" | "complaint" | "soft_bounces";

/** One item of GET /api/admin/suppressions. */
export interface Suppression {
  email: string;
  reason: SuppressionReason;
  /** RFC 3339. */
  since: string;
  /** What the relay said, such as the bounce's reply. */
  detail: string;
}

/** GET /api/admin/suppressions: the newest first. */
export interface SuppressionList {
  items: Suppression[];
}

/** POST /api/admin/editions/{id}/publish: emails queued, one per confirmed subscriber. */
export interface PublishResult {
  sent: number;
  title: string;
}

/** GET /api/admin/editions/{id}/preview: the email with both parts rendered. */
export interface EditionPreview {
  subject: string;
  from: string;
  /** The owner, standing in for a subscriber. */
  to: string;
  text: string;
  html: string;
}

/** POST /api/admin/editions/{id}/test: the test email queued to the owner. */
export interface TestSendResult {
  to: string;
  /** Starts with '[Test] '. */
  subject: string;
}

export interface Subscriber {
  email: string;
  name: string;
  state: SubscriberState;
  /** RFC 3339 timestamps; the later ones null (or absent) until they happen. */
  subscribedAt: string;
  confirmedAt?: string | null;
  unsubscribedAt?: string | null;
  /** Where they came from: the site's form, or an import. */
  source?: "form" | "import";
}

/** A row of an imported file that was not added, and why. */
export interface RefusedRow {
  /** The row's line in the file; the header is line 1. */
  line: number;
  /** The row's email cell as it was ('' when it had none). */
  email: string;
  reason: string;
}

/** POST /api/admin/subscribers/import: what the import did. */
export interface ImportResult {
  /** The export the file was read as. */
  format: "portfolio" | "listmonk" | "mailchimp" | "buttondown" | "plain";
  /** Rows read, refused ones included. */
  rows: number;
  added: number;
  /** Came in confirmed: their row had a confirmation date. */
  confirmed: number;
  /** Came in unconfirmed: sent a confirmation email, as a sign-up on the site is, but for those the day's limit held back. */
  unconfirmed: number;
  /** Came in unsubscribed: never written to. */
  unsubscribed: number;
  /** Confirmation emails queued: to the unconfirmed not held back, and the resent. */
  confirmationsSent: number;
  /** Addresses the file marked suppressed (this site's export), put on the suppression list. */
  suppressed: number;
  /**
   * Rows left without their confirmation email because imports had sent
   * `confirmationsPerDay` today (UTC): unconfirmed ones added, and refused ones an earlier
   * import held back. Importing the file again another day sends them theirs.
   */
  confirmationsNotSent: number;
  /** PORTFOLIO_IMPORT_CONFIRMATIONS_PER_DAY: the confirmation emails imports send a day. */
  confirmationsPerDay: number;
  /** Rows on the list already whose confirmation an earlier import held back: sent now. */
  confirmationsResent: number;
  /** By line. */
  refused: RefusedRow[];
}

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
  return request<ImportResult>(ADMIN_API.subscribersImport, {
    ...options,
    method: "POST",
    body: file.slice(0, file.size, "text/csv"),
  });
}

/** GET /api/admin/subscribers: one page, newest first. */
export interface SubscriberPage {
  items: Subscriber[];
  page: number;
  perPage: number;
  total: number;
}

/** A contact message as stored (its subject is a ContactSubject value). */
export interface ContactMessageRecord {
  id: number | string;
  name: string;
  email: string;
  subject: string;
  message: string;
  /** RFC 3339. */
  createdAt: string;
}

/** GET /api/admin/messages: newest first. */
export interface MessageList {
  items: ContactMessageRecord[];
}

/** An email the outbox could not deliver yet ('failing', tried again at nextAttemptAt) or gave up ('dead'). */
export interface TroubledMail {
  id: number;
  to: string[];
  subject: string;
  status: "failing" | "dead";
  attempts: number;
  /** Why the last attempt failed, e.g. the relay's reply 'smtp: RCPT TO: 451 4.3.0 try later'. */
  lastError: string;
  nextAttemptAt: string | null;
  deadAt: string | null;
  queuedAt: string;
}

/** GET /api/admin/mail: the outbox's counts and its troubled emails, most recently changed first. */
export interface MailList {
  counts: { pending: number; sending: number; sent: number; dead: number };
  items: TroubledMail[];
}

/** Queues dead email `id` again: 404 for an unknown email, 409 when it is not dead. */
export function retryMail(
  id: number,
  options?: CallOptions,
): Promise<{ id: number; status: "pending" }> {
  return request<{ id: number; status: "pending" }>(retryMailPath(id), {
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
    body: { at },
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
  return request<void>(ADMIN_API.session, { ...options, method: "POST", body: credentials });
}

/** POST /api/admin/setup: 204 and a session cookie (signed in), 400 `invalid` (field user, password or token), 409 when an admin exists. */
export function setUpAdmin(setup: AdminSetup, options?: CallOptions): Promise<void> {
  return request<void>(ADMIN_API.setup, { ...options, method: "POST", body: setup });
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

/** The parts of the site that ship as releases of their own (`bin/gateway sections`). */
export type SectionName = "shell" | "blog" | "newsletter" | "admin";

/** One published release of a section. */
export interface SectionRelease {
  /** `<package version>-<commit>`, e.g. '0.0.0-3f2a9c1b7d0e'. */
  version: string;
  /** The artifact's digest, 'sha256:…'. */
  digest: string;
  /** The artifact's size in bytes. */
  size: number;
  /** RFC 3339. */
  publishedAt: string;
  /** Who published it: 'cli:<user>' or 'admin:<user>'. */
  publishedBy: string;
  /** The fingerprint of the key that signed it ('SHA256:…'), '' unsigned. */
  signedBy: string;
  /** '' when the release passes the site's checks now, else why it may not be promoted (a message to show). */
  check: string;
}

export type SectionAction =
  | "publish"
  | "promote"
  | "rollback"
  | "expire"
  | "key-add"
  | "key-remove"
  | "canary"
  | "abort";

/** One change of a section's releases. */
export interface SectionEvent {
  action: SectionAction;
  /** What was published, promoted or removed; for a rollback, what is served after it ('' the shipped build). */
  version: string;
  /** What a promote replaced or a rollback left; '' the shipped build (and for publish and expire). */
  previous: string;
  actor: string;
  /** RFC 3339. */
  at: string;
  /** The key added or removed ('SHA256:…'); only on key-add and key-remove. */
  key?: string;
  /** A canary's share ('10%'), or why the gateway rolled a canary back (abort). */
  note?: string;
}

/** A version a section serves to a share of its new visitors beside the one it serves. */
export interface SectionCanary {
  version: string;
  /** 1-99. */
  percent: number;
  /** RFC 3339. */
  startedAt: string;
  /** The shares still to come on a timer (100: promoted), if any. */
  stages?: number[];
  /** RFC 3339: when the next stage comes. */
  nextAt?: string;
}

/**
 * A public key whose SSH signature a section's releases need (docs/decisions/0048): once
 * a section has one, a release signed by none of its keys is refused.
 */
export interface SectionKey {
  section: SectionName;
  /** 'SHA256:…', as `ssh-keygen -l` prints it. */
  fingerprint: string;
  /** 'ssh-ed25519', 'ecdsa-sha2-nistp256', … */
  type: string;
  /** The key as its .pub file has it, without the comment. */
  publicKey: string;
  comment: string;
  /** RFC 3339. */
  addedAt: string;
  addedBy: string;
}

/** A section, what it serves, its releases and its history. */
export interface SectionStatus {
  name: SectionName;
  /** The version served now; '' the build the gateway shipped with. */
  serving: string;
  /** Newest first. */
  releases: SectionRelease[];
  /** Newest first, at most 20. */
  history: SectionEvent[];
  /** Oldest first; none: unsigned releases are taken. */
  keys: SectionKey[];
  /** The canary running now, if any. */
  canary?: SectionCanary;
}

/** GET /api/admin/sections. */
export interface SectionList {
  sections: SectionStatus[];
}

/** What a promote or a rollback left the section serving ('' the shipped build). */
export interface SectionServing {
  section: SectionName;
  serving: string;
}

/**
 * Makes published `version` the one `section` serves: 404 `not_found` for an unknown
 * section or version, 409 `conflict` (the check's refusal as the message) when the
 * release does not fit the site as it runs now.
 */
export function promoteSection(
  section: string,
  version: string,
  options?: CallOptions,
): Promise<SectionServing> {
  return request<SectionServing>(promoteSectionPath(section), {
    ...options,
    method: "POST",
    body: { version },
  });
}

/** A signed link that shows a version of a section to whoever opens it. */
export interface SectionPreview {
  url: string;
  section: SectionName;
  version: string;
  /** RFC 3339. */
  expires: string;
}

/** POST here makes a preview link of a published version of `section`. */
export const previewSectionPath = (section: string) =>
  `${ADMIN_API.sections}/${encodeURIComponent(section)}/preview`;

/** A preview link of published `version` of `section`, valid 24 hours. */
export function previewSection(
  section: string,
  version: string,
  options?: CallOptions,
): Promise<SectionPreview> {
  return request<SectionPreview>(previewSectionPath(section), {
    ...options,
    method: "POST",
    body: { version },
  });
}

/** Undoes `section`'s last promote: 409 `conflict` when there is none to undo. */
export function rollbackSection(section: string, options?: CallOptions): Promise<SectionServing> {
  return request<SectionServing>(rollbackSectionPath(section), { ...options, method: "POST" });
}

/**
 * Adds a public key (a line of a .pub file) to `section`: 400 `invalid` with field
 * `publicKey` for anything that is not one key fit to sign, 409 `conflict` for a key it
 * already has.
 */
export function addSectionKey(
  section: string,
  publicKey: string,
  options?: CallOptions,
): Promise<SectionKey> {
  return request<SectionKey>(sectionKeysPath(section), {
    ...options,
    method: "POST",
    body: { publicKey },
  });
}

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
