export { ApiError, type ApiFetchOptions, apiFetch, type GetJSONOptions, getJSON } from "./fetch";
export { fetchRemotes, REMOTES_URL, type RemoteDefinition, type RemotesDocument } from "./remotes";
// POSTs live in subpaths that are not in the shell's first load (this root is a shared
// Module Federation singleton and is never tree-shaken): "@portfolio/api-client/post"
// (postJSON, ApiRequestError) and "@portfolio/api-client/contact" (submitContact). So do
// the TanStack Query layer, "@portfolio/api-client/query" (createQueryClient, getQueryFn,
// apiRequest), and the admin API on it, "@portfolio/api-client/admin".
