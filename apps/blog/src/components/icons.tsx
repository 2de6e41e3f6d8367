import { drawnIcon } from "@portfolio/ui/icons";

// The blog's own icon (Lucide shape, ISC licence), drawn with the ui package's
// drawnIcon; the rest it uses come from @portfolio/ui/icons. Decorative: the text
// beside it says it all.

export const RssIcon = drawnIcon(
  <path d="M4 11a9 9 0 0 1 9 9M4 4a16 16 0 0 1 16 16" />,
  <circle cx="5" cy="19" r="1" />,
);
