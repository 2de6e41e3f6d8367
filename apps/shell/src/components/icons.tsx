import { drawnIcon } from "@portfolio/ui/icons";

// The shell pages' own icons (Lucide shapes, ISC licence), drawn with the ui package's
// drawnIcon. Each is bundled only with the pages that use it. Decorative: the
// control around an icon carries the name.

export const DownloadIcon = drawnIcon(
  <path d="M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4M7 10l5 5 5-5M12 15V3" />,
);

export const VideoIcon = drawnIcon(
  <path d="m16 13 5.22 3.48a.5.5 0 0 0 .78-.42V7.87a.5.5 0 0 0-.76-.43L16 10.5" />,
  <rect x="2" y="6" width="14" height="12" rx="2" />,
);

export const SlidesIcon = drawnIcon(
  <path d="M2 3h20M21 3v11a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V3M7 21l5-5 5 5" />,
);
