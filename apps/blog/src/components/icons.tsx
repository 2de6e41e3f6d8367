import { Icon, type IconProps } from "@portfolio/ui/icons";

// The blog's own icon (Lucide shape, ISC licence), drawn with the ui package's <Icon>
// frame; the rest it uses come from @portfolio/ui/icons. Decorative: the text beside it
// says it all.

export function RssIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4 11a9 9 0 0 1 9 9M4 4a16 16 0 0 1 16 16" />
      <circle cx="5" cy="19" r="1" />
    </Icon>
  );
}
