import {
  addSectionKey,
  fieldProblemOf,
  removeSectionKey,
  type SectionKey,
  type SectionStatus,
} from "@portfolio/api-client/admin";
import { Button } from "@portfolio/ui/button";
import { cn } from "@portfolio/ui/cn";
import { controlClasses, Field, fieldErrorClasses } from "@portfolio/ui/form";
import { useForm } from "@portfolio/ui/use-form";
import { toast } from "@portfolio/ui/use-toast";
import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Timestamp } from "../format";
import { describeProblem } from "../load-problem";
import { ConfirmAction } from "./confirm-action";
import { sectionLabel } from "./format";
import { sectionsKey, useSectionAction } from "./use-section-action";

/**
 * A section's signing keys (docs/decisions/0048-signed-releases.md): with none, unsigned
 * releases are taken; with some, only releases one of them signed. The owner adds a key
 * by pasting its .pub line, and removes one after confirming.
 */
export function SectionKeys({ section }: { section: SectionStatus }) {
  const label = sectionLabel(section.name);
  // A plain block under its heading, as the history is: three landmarks named alike
  // (one per section) would tell a screen reader's landmark list nothing.
  return (
    <div className="flex flex-col gap-2">
      <h4 className="text-sm font-semibold">Signing keys</h4>
      <p className="text-sm text-muted-foreground">
        {section.keys.length === 0
          ? `None: ${label} takes unsigned releases. Add a key to take only releases it signed.`
          : `${label} takes only releases signed by one of these keys (ssh-keygen -Y sign -n portfolio-release).`}
      </p>
      {section.keys.length > 0 ? (
        <ul aria-label={`${label} signing keys`} className="flex flex-col gap-2">
          {section.keys.map((key) => (
            <KeyItem
              key={key.fingerprint}
              section={section.name}
              sectionKey={key}
              last={section.keys.length === 1}
            />
          ))}
        </ul>
      ) : null}
      <AddKeyForm section={section.name} />
    </div>
  );
}

/** One key: its fingerprint, kind and comment, who added it when, and 'Remove'. */
function KeyItem({
  section,
  sectionKey: key,
  last,
}: {
  section: string;
  sectionKey: SectionKey;
  /** The section's only key: without it, unsigned releases go again. */
  last: boolean;
}) {
  const id = useId();
  const label = sectionLabel(section);
  const remove = useSectionAction({
    section,
    run: () => removeSectionKey(section, key.fingerprint),
    done: "Key removed",
    failed: "Removing the key failed",
    describe: () => `${key.fingerprint} no longer signs ${label}'s releases.`,
  });
  return (
    <li className="flex flex-wrap items-start justify-between gap-2 rounded-md border border-border p-3 text-sm">
      <div className="flex min-w-0 flex-col gap-0.5">
        <span id={`${id}-fingerprint`} className="break-all font-mono font-medium">
          {key.fingerprint}
        </span>
        <span className="break-words text-muted-foreground">
          {key.type}
          {key.comment ? ` ${key.comment}` : ""} · added <Timestamp iso={key.addedAt} /> by{" "}
          {key.addedBy}
        </span>
      </div>
      <ConfirmAction
        label="Remove"
        pendingLabel="Removing..."
        pending={remove.isPending}
        describedBy={`${id}-fingerprint`}
        title={`Remove the key ${key.fingerprint} from ${label}?`}
        description={
          last
            ? `${label} will take unsigned releases again, and refuse the releases this key signed.`
            : `${label} will refuse the releases this key signed, at publish and at promote.`
        }
        onConfirm={() => remove.mutate()}
      />
    </li>
  );
}

type KeyValues = { publicKey: string };

/**
 * 'Add a key': the line of a .pub file. The server checks it (one public key of a kind
 * that can sign); its refusal shows under the field, or under the form.
 */
function AddKeyForm({ section }: { section: string }) {
  const id = useId();
  const label = sectionLabel(section);
  const client = useQueryClient();
  const [formProblem, setFormProblem] = useState<string | null>(null);
  const form = useForm<KeyValues>({
    onValid: async ({ publicKey }) => {
      setFormProblem(null);
      try {
        const added = await addSectionKey(section, publicKey);
        toast({
          title: "Key added",
          description: `${label} now takes only releases signed by ${added.fingerprint} or another of its keys.`,
        });
        form.reset();
      } catch (error) {
        const refused = fieldProblemOf(error, ["publicKey"] as const);
        if (refused) form.showProblems({ publicKey: refused.message });
        else setFormProblem(`Could not add the key. ${describeProblem(error)}`);
      }
      await client.invalidateQueries({ queryKey: sectionsKey });
    },
  });
  const { problems, pending } = form;
  return (
    <form
      aria-label={`Add a signing key to ${label}`}
      className="flex flex-col gap-2"
      {...form.formProps}
    >
      <Field
        id={`${id}-public-key`}
        label="Public key"
        description="The line of its .pub file, e.g. ssh-ed25519 AAAA… ci@blog"
        error={problems.publicKey}
      >
        {(props) => (
          <input
            {...props}
            name="publicKey"
            type="text"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            required
            className={cn(controlClasses, "h-10 font-mono")}
          />
        )}
      </Field>
      <div>
        <Button type="submit" variant="outline" size="sm" disabled={pending}>
          {pending ? "Adding..." : "Add key"}
        </Button>
      </div>
      <div role="alert" className={cn(fieldErrorClasses, !formProblem && "sr-only")}>
        {formProblem}
      </div>
    </form>
  );
}
