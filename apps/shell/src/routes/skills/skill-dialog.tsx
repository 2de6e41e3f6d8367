import type { Skill } from "@portfolio/content/skills";
import { cn } from "@portfolio/ui/cn";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@portfolio/ui/dialog";
import { type RefObject, useId } from "react";
import { AchievementList } from "./achievement-list";
import { SkillIcon, TONE_CLASSES, toneStyle } from "./skill-icons";

/**
 * A skill's dialog (Radix: focus trap, Escape, focus return), in a chunk of its own: the
 * page loads it when a tile is first pointed at, focused or opened.
 */
export default function SkillDialog({
  skill,
  open,
  onOpenChange,
  returnFocusTo,
}: {
  skill: Skill;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}) {
  const achievementsId = useId();
  const tone = toneStyle(skill.color);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        // Opened by the tile outside this lazily loaded Dialog, so Radix cannot know it.
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
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
          <AchievementList achievements={skill.achievements} />
        </section>
      </DialogContent>
    </Dialog>
  );
}
