import {
  previewSection,
  promoteSection,
  type SectionPreview,
  type SectionRelease,
} from "@portfolio/api-client/admin";
import { Badge } from "@portfolio/ui/badge";
import { Button } from "@portfolio/ui/button";
import { toast } from "@portfolio/ui/use-toast";
import { useMutation } from "@tanstack/react-query";
import { useId } from "react";
import { Timestamp } from "../format";
import { describeProblem } from "../load-problem";
import { cell } from "../scroll-table";
import { ConfirmAction } from "./confirm-action";
import { sectionLabel, servingInSentence } from "./format";
import { nowServes, useSectionAction } from "./use-section-action";

interface ReleaseRowProps {
  section: string;
  release: SectionRelease;
  /** The version the section serves now ('' the shipped build). */
  serving: string;
  /** After a promote, once the list shows it. */
  onPromoted: () => void;
}

/**
 * One release: its version (the row's header), when and by whom it was published, the
 * site's verdict on it now, and 'Promote', or 'Serving' for the one served. A release
 * the checks refuse cannot be promoted, and its button says why.
 */
export function ReleaseRow({ section, release, serving, onPromoted }: ReleaseRowProps) {
  const id = useId();
  const versionId = `${id}-version`;
  const checkId = `${id}-check`;
  const label = sectionLabel(section);
  const { version, check } = release;
  const promote = useSectionAction({
    section,
    run: () => promoteSection(section, version),
    done: "Release promoted",
    failed: "Promote failed",
    describe: nowServes(section),
    onSuccess: onPromoted,
  });
  // A preview link (docs/decisions/0059): shown in the row, for the owner to open or pass on.
  const preview = useMutation<SectionPreview, unknown>({
    mutationFn: () => previewSection(section, version),
    onError: (error) =>
      toast({
        variant: "destructive",
        title: "Preview failed",
        description: describeProblem(error),
      }),
  });
  const isServing = version === serving;
  return (
    <tr className={isServing ? "bg-muted/50" : undefined}>
      <th scope="row" id={versionId} className={`${cell} whitespace-nowrap font-mono font-medium`}>
        {version}
      </th>
      <td className={`${cell} whitespace-nowrap`}>
        <Timestamp iso={release.publishedAt} />
      </td>
      <td className={`${cell} whitespace-nowrap`}>
        {release.publishedBy}
        {release.signedBy ? (
          <span className="block font-mono text-xs text-muted-foreground">
            signed {release.signedBy}
          </span>
        ) : null}
      </td>
      <td id={checkId} className={cell}>
        {check ? (
          <span className="break-words text-destructive dark:text-red-400">{check}</span>
        ) : (
          <Badge variant="secondary">Ready</Badge>
        )}
      </td>
      <td className={cell}>
        {isServing ? (
          <Badge>Serving</Badge>
        ) : (
          <ConfirmAction
            label="Promote"
            pendingLabel="Promoting..."
            pending={promote.isPending}
            blocked={check !== ""}
            describedBy={check ? `${versionId} ${checkId}` : versionId}
            title={`Promote ${label} ${version}?`}
            description={`${label} will serve ${version} instead of ${servingInSentence(serving)}, on every gateway within about a second. Pages already open keep what they loaded until they are reloaded.`}
            onConfirm={() => promote.mutate()}
          />
        )}
        <div className="mt-2 flex flex-col items-start gap-1">
          <Button
            type="button"
            variant="outline"
            size="sm"
            aria-describedby={versionId}
            aria-disabled={preview.isPending || undefined}
            onClick={() => {
              if (!preview.isPending) preview.mutate();
            }}
          >
            {preview.isPending ? "Making a link..." : "Preview"}
          </Button>
          {preview.data ? (
            <p className="text-xs">
              <a className="break-all font-mono underline" href={preview.data.url}>
                {preview.data.url}
              </a>
              <span className="block text-muted-foreground">
                Shows {version} to whoever opens it, until <Timestamp iso={preview.data.expires} />.
              </span>
            </p>
          ) : null}
        </div>
      </td>
    </tr>
  );
}
