/**
 * The project id of a `/projects/:id` URL segment: decimal digits only, read as an
 * integer (`1` and `01` are project 1). Anything else — `abc`, `1.5`, `-1`, `1e2`, an
 * empty segment — is no id at all. The gateway applies the same rule to answer 200 or 404.
 */
export function parseProjectId(segment: string | undefined): number | undefined {
  if (segment === undefined || !/^\d{1,9}$/.test(segment)) return undefined;
  return Number(segment);
}
