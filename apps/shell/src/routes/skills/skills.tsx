import { type Skill, skills } from "@portfolio/content/skills";
import { cn } from "@portfolio/ui/cn";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@portfolio/ui/dialog";
import { CheckIcon } from "@portfolio/ui/icons";
import { useId } from "react";
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

/** A tile is the button that opens its skill's dialog (Radix: focus trap, Escape, focus return). */
function SkillTile({ skill }: { skill: Skill }) {
  const achievementsId = useId();
  const tone = toneStyle(skill.color);
  return (
    <Dialog>
      <DialogTrigger asChild>
        <button
          type="button"
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
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <div className="flex items-center gap-3 pr-6">
            <span
              className={cn(
                "flex size-10 shrink-0 items-center justify-center rounded-full",
                TONE_CLASSES,
              )}
              style={tone}
            >
              <SkillIcon icon={skill.icon} className="size-5" />
            </span>
            <DialogTitle className="text-xl">{skill.name}</DialogTitle>
          </div>
          <DialogDescription className="text-base">{skill.description}</DialogDescription>
        </DialogHeader>
        <section aria-labelledby={achievementsId}>
          <h3 id={achievementsId} className="mb-3 font-semibold">
            Professional Achievements
          </h3>
          <ul className="flex flex-col gap-2.5">
            {skill.achievements.map((achievement) => (
              <li key={achievement} className="flex gap-2.5 text-sm">
                <CheckIcon className="mt-0.5 size-4 shrink-0 text-primary" />
                <span>{achievement}</span>
              </li>
            ))}
          </ul>
        </section>
      </DialogContent>
    </Dialog>
  );
}
