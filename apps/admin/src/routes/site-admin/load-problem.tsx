import { ApiError, INVALID_RESPONSE, NETWORK_ERROR } from "@portfolio/api-client/admin";
import { Button } from "@portfolio/ui/button";

/** The API's own message for a failed call (written to be shown), if it gave one. */
export const apiMessageOf = (error: unknown) =>
  error instanceof ApiError ? error.apiMessage : undefined;

/** One sentence about a failed call, fit to show (the error itself keeps the details). */
export function describeProblem(error: unknown): string {
  if (error instanceof ApiError && error.code === NETWORK_ERROR) {
    return "The server could not be reached. Check your connection.";
  }
  if (error instanceof ApiError && error.code === INVALID_RESPONSE)
    return "The server's answer could not be read.";
  if (error instanceof ApiError)
    return apiMessageOf(error) ?? `The server answered ${error.status}.`;
  return "Something went wrong.";
}

/** A panel that could not load its data: what failed, and a way to ask again. */
export function LoadProblem({
  what,
  query,
  inset = false,
}: {
  what: string;
  /** What failed to load: its error, and how to ask again. */
  query: { error: unknown; refetch: () => unknown };
  /** Inside a card's body that has no padding of its own (a list or table card). */
  inset?: boolean;
}) {
  const problem = (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-3 rounded-md border border-destructive/50 p-4 text-sm"
    >
      <p className="flex-1">
        Could not load {what}. {describeProblem(query.error)}
      </p>
      <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
        Try again
      </Button>
    </div>
  );
  return inset ? <div className="px-6 pb-6">{problem}</div> : problem;
}
