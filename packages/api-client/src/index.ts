export { ApiError, apiFetch, getJSON, type ApiFetchOptions, type GetJSONOptions } from "./fetch";
export { fetchRemotes, REMOTES_URL, type RemoteDefinition, type RemotesDocument } from "./remotes";
