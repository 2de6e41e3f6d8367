import { type Skill, skills } from "@portfolio/content/skills";
import { cn } from "@portfolio/ui/cn";
import { lazy, Suspense, useRef, useState } from "react";
import { Page } from "../../components/page";
import { SkillIcon, TONE_CLASSES, toneStyle } from "./skill-icons";

/** Skills: 15 tiles, 2 → 6 columns; each opens a dialog with its achievements. */
export function Skills() {
  return (
    <Page
      title="Technical Skills"
      intro="Cloud platforms, containers and orchestration, infrastructure as code, CI/CD, observability and the scripting that ties them together. Select a skill to see what I have done with it."
    >
      <ul className="mt-10 grid grid-cols-2 gap-4 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-6">
        {skills.map((skill) => (
          <li key={skill.name} className="flex">
            <SkillTile skill={skill} />
          </li>
        ))}
      </ul>
    </Page>
  );
}

const loadSkillDialog = () => import("./skill-dialog");
const SkillDialog = lazy(loadSkillDialog);

/** A tile is the button that opens its skill's dialog; the dialog's code comes on first use. */
function SkillTile({ skill }: { skill: Skill }) {
  const tile = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so closing can animate and return focus.
  const [wanted, setWanted] = useState(false);
  const tone = toneStyle(skill.color);
  return (
    <>
      <button
        ref={tile}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={loadSkillDialog}
        onFocus={loadSkillDialog}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        className={cn(
          "flex w-full flex-col items-center gap-3 rounded-lg border border-border bg-card p-5 text-center text-card-foreground shadow-sm",
          "transition hover:-translate-y-0.5 hover:border-primary/40 hover:shadow-md motion-reduce:hover:translate-y-0",
          "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
        )}
      >
        <span
          className={cn("flex size-12 items-center justify-center rounded-full", TONE_CLASSES)}
          style={tone}
        >
          <SkillIcon icon={skill.icon} className="size-6" />
        </span>
        <span className="text-sm font-semibold">{skill.name}</span>
      </button>
      {wanted && (
        <Suspense fallback={null}>
          <SkillDialog skill={skill} open={open} onOpenChange={setOpen} returnFocusTo={tile} />
        </Suspense>
      )}
    </>
  );
}
