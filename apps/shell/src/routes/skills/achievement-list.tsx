import { CheckIcon } from "@portfolio/ui/icons";

/** A skill's achievements, ticked: in its dialog and in the page's no-JavaScript copy. */
export function AchievementList({ achievements }: { achievements: readonly string[] }) {
  return (
    <ul className="flex flex-col gap-2.5">
      {achievements.map((achievement) => (
        <li key={achievement} className="flex gap-2.5 text-sm">
          <CheckIcon className="mt-0.5 size-4 shrink-0 text-primary" />
          <span>{achievement}</span>
        </li>
      ))}
    </ul>
  );
}
