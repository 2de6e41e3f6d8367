export { fetchRemotes, REMOTES_URL, type RemoteDefinition, type RemotesDocument } from "./remotes";
export {
  ApiError,
  type ApiErrorBody,
  fieldProblemOf,
  type HttpMethod,
  INVALID_RESPONSE,
  isUnauthorized,
  NETWORK_ERROR,
  type RequestOptions,
  request,
} from "./request";
// The calls of one part of the site live in subpaths, bundled into the chunks of the
// pages that make them (this root is a shared Module Federation singleton in the shell's
// first load and is never tree-shaken): "@portfolio/api-client/contact" (submitContact),
// "/newsletter" (subscribe), "/email-address" (the address rule the forms check first),
// the TanStack Query layer "/query" (createQueryClient, getQueryFn) and the admin API on
// it, "/admin". Each re-exports request() and ApiError for its callers.
