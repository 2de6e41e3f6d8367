import { type Skill, skills } from "@portfolio/content/skills";
import { Island } from "@portfolio/router";
import { cn } from "@portfolio/ui/cn";
import { Page } from "@portfolio/ui/page";
import { lazy, Suspense, useRef, useState } from "react";
import { AchievementList } from "./achievement-list";
import { SkillIcon, TONE_CLASSES, toneStyle } from "./skill-icons";

/**
 * Skills: 15 tiles, 2 → 6 columns; each opens a dialog with its achievements (without
 * JavaScript, the tile opens in place, spanning its row).
 */
export function Skills() {
  return (
    <Page
      title="Technical Skills"
      intro="Cloud platforms, containers and orchestration, infrastructure as code, CI/CD, observability and the scripting that ties them together. Select a skill to see what I have done with it."
    >
      <Island name="shell:skills" hydrate="interaction" component={SkillGrid} props={{}} />
    </Page>
  );
}

/** The tiles, an island: they hydrate when the visitor points at, taps or tabs to one. */
export function SkillGrid() {
  return (
    <ul className="mt-10 grid grid-cols-2 gap-4 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-6">
      {skills.map((skill) => (
        <li key={skill.name} className="flex has-[details[open]]:col-span-full">
          <SkillTile skill={skill} />
        </li>
      ))}
    </ul>
  );
}

// A tile's layout and its card: the button's, and (apart) the no-JavaScript <details>'.
const TILE_FACE = "flex w-full flex-col items-center gap-3 p-5 text-center";
const TILE_CARD = "rounded-lg border border-border bg-card text-card-foreground shadow-sm";
const FOCUS_RING =
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring";

const loadSkillDialog = () => import("./skill-dialog");
const SkillDialog = lazy(loadSkillDialog);

/** A tile is the button that opens its skill's dialog; the dialog's code comes on first use. */
function SkillTile({ skill }: { skill: Skill }) {
  const tile = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so closing can animate and return focus.
  const [wanted, setWanted] = useState(false);
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
          TILE_FACE,
          TILE_CARD,
          "transition hover:-translate-y-0.5 hover:border-primary/40 hover:shadow-md motion-reduce:hover:translate-y-0",
          FOCUS_RING,
          "noscript:hidden",
        )}
      >
        <TileFace skill={skill} />
      </button>
      <SkillWithoutScript skill={skill} />
      {wanted && (
        <Suspense fallback={null}>
          <SkillDialog skill={skill} open={open} onOpenChange={setOpen} returnFocusTo={tile} />
        </Suspense>
      )}
    </>
  );
}

/** What a tile shows: the skill's icon on its accent colour, and its name. */
function TileFace({ skill }: { skill: Skill }) {
  return (
    <>
      <span
        className={cn("flex size-12 items-center justify-center rounded-full", TONE_CLASSES)}
        style={toneStyle(skill.color)}
      >
        <SkillIcon icon={skill.icon} className="size-6" />
      </span>
      <span className="text-sm font-semibold">{skill.name}</span>
    </>
  );
}

/**
 * The tile for a browser without JavaScript, where the button opens nothing: a
 * <details> with the dialog's text, opened in place. In a <noscript>, so that with
 * JavaScript it is not even parsed (and React never renders its children in the browser).
 */
function SkillWithoutScript({ skill }: { skill: Skill }) {
  return (
    <noscript className="flex w-full">
      <details className={cn("w-full", TILE_CARD)}>
        <summary
          className={cn(
            TILE_FACE,
            FOCUS_RING,
            "cursor-pointer list-none rounded-lg [&::-webkit-details-marker]:hidden",
          )}
        >
          <TileFace skill={skill} />
        </summary>
        <div className="border-t border-border px-5 pt-4 pb-5">
          <p className="text-muted-foreground">{skill.description}</p>
          <h2 className="mt-4 mb-3 font-semibold">Professional Achievements</h2>
          <AchievementList achievements={skill.achievements} />
        </div>
      </details>
    </noscript>
  );
}
