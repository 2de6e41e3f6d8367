import type { SkillColor } from "@portfolio/content/skills";
import { Icon, type IconProps } from "@portfolio/ui/icons";
import type { CSSProperties, ReactNode } from "react";

// One small stroke drawing per skill icon key (Lucide-style shapes, ISC licence) —
// symbols of what each tool does rather than brand logos, so all fifteen cost about
// as much as one logo would. A key without a drawing gets DEFAULT_SHAPE.
const shapes: Record<string, ReactNode> = {
  // Clouds: three different silhouettes.
  aws: <path d="M17.5 19H9a7 7 0 1 1 6.71-9h1.79a4.5 4.5 0 1 1 0 9Z" />,
  azure: (
    <>
      <path d="M4 20h16L13.5 4h-3Z" />
      <path d="M9 14h6" />
    </>
  ),
  gcp: (
    <>
      <path d="M4 14.9A7 7 0 1 1 15.7 8h1.8a4.5 4.5 0 0 1 2.5 8.2" />
      <path d="M12 12v9M8 17l4 4 4-4" />
    </>
  ),
  docker: (
    <>
      <path d="M21 8a2 2 0 0 0-1-1.73l-7-4a2 2 0 0 0-2 0l-7 4A2 2 0 0 0 3 8v8a2 2 0 0 0 1 1.73l7 4a2 2 0 0 0 2 0l7-4A2 2 0 0 0 21 16Z" />
      <path d="m3.3 7 8.7 5 8.7-5M12 22V12" />
    </>
  ),
  // A ship's wheel, as in the Kubernetes (helmsman) logo.
  kubernetes: (
    <>
      <circle cx="12" cy="12" r="8" />
      <circle cx="12" cy="12" r="2" />
      <path d="M12 2v8M12 14v8M2 12h8M14 12h8M4.9 4.9l5.7 5.7M13.4 13.4l5.7 5.7M4.9 19.1l5.7-5.7M13.4 10.6l5.7-5.7" />
    </>
  ),
  network: (
    <>
      <rect x="16" y="16" width="6" height="6" rx="1" />
      <rect x="2" y="16" width="6" height="6" rx="1" />
      <rect x="9" y="2" width="6" height="6" rx="1" />
      <path d="M5 16v-3a1 1 0 0 1 1-1h12a1 1 0 0 1 1 1v3M12 12V8" />
    </>
  ),
  // The endless loop of continuous integration and delivery.
  cicd: (
    <path d="M12 12c-2-2.67-4-4-6-4a4 4 0 1 0 0 8c2 0 4-1.33 6-4Zm0 0c2 2.67 4 4 6 4a4 4 0 0 0 0-8c-2 0-4 1.33-6 4Z" />
  ),
  terraform: (
    <>
      <path d="m12.83 2.18a2 2 0 0 0-1.66 0L2.6 6.08a1 1 0 0 0 0 1.83l8.58 3.91a2 2 0 0 0 1.66 0l8.58-3.9a1 1 0 0 0 0-1.83Z" />
      <path d="m22 17.65-9.17 4.16a2 2 0 0 1-1.66 0L2 17.65M22 12.65l-9.17 4.16a2 2 0 0 1-1.66 0L2 12.65" />
    </>
  ),
  // An automation server: a wrench.
  jenkins: (
    <path d="M14.7 6.3a1 1 0 0 0 0 1.4l1.6 1.6a1 1 0 0 0 1.4 0l3.77-3.77a6 6 0 0 1-7.94 7.94l-6.91 6.91a2.12 2.12 0 0 1-3-3l6.91-6.91a6 6 0 0 1 7.94-7.94l-3.76 3.76Z" />
  ),
  python: (
    <>
      <path d="m16 18 6-6-6-6M8 6l-6 6 6 6" />
    </>
  ),
  linux: (
    <>
      <rect width="20" height="8" x="2" y="2" rx="2" />
      <rect width="20" height="8" x="2" y="14" rx="2" />
      <path d="M6 6h.01M6 18h.01" />
    </>
  ),
  monitoring: (
    <path d="M22 12h-2.48a2 2 0 0 0-1.93 1.46l-2.35 8.36a.25.25 0 0 1-.48 0L9.24 2.18a.25.25 0 0 0-.48 0l-2.35 8.36A2 2 0 0 1 4.49 12H2" />
  ),
  git: (
    <>
      <circle cx="6" cy="6" r="3" />
      <circle cx="6" cy="18" r="3" />
      <circle cx="18" cy="6" r="3" />
      <path d="M6 9v6M18 9a9 9 0 0 1-9 9" />
    </>
  ),
  shell: (
    <>
      <path d="m4 17 6-6-6-6M12 19h8" />
    </>
  ),
  // Ansible's "A" in a circle.
  ansible: (
    <>
      <circle cx="12" cy="12" r="10" />
      <path d="m8 17 4-10 4 10M9.6 13h4.8" />
    </>
  ),
};

/** For an icon key that has no drawing: a chip. */
const DEFAULT_SHAPE = (
  <>
    <rect width="16" height="16" x="4" y="4" rx="2" />
    <rect width="6" height="6" x="9" y="9" rx="1" />
    <path d="M15 2v2M15 20v2M2 15h2M2 9h2M20 15h2M20 9h2M9 2v2M9 20v2" />
  </>
);

/** Whether an icon key has its own drawing (else SkillIcon shows the default one). */
export function hasSkillIcon(key: string): boolean {
  return Object.hasOwn(shapes, key);
}

/** The skill's icon, or the default icon for a key without one. */
export function SkillIcon({ icon, ...props }: IconProps & { icon: string }) {
  return (
    <Icon data-icon={hasSkillIcon(icon) ? icon : "default"} {...props}>
      {hasSkillIcon(icon) ? shapes[icon] : DEFAULT_SHAPE}
    </Icon>
  );
}

// Accent colours per token: [light theme, dark theme] (Tailwind's 700 and 300 shades).
// Hex values in this lazily loaded chunk, not 19 × 4 utility classes in the stylesheet
// every page loads: a tile sets them as custom properties (toneStyle) and the classes in
// TONE_CLASSES read them.
const tones: Record<SkillColor, readonly [string, string]> = {
  slate: ["#334155", "#cbd5e1"],
  gray: ["#374151", "#d1d5db"],
  red: ["#b91c1c", "#fca5a5"],
  orange: ["#c2410c", "#fdba74"],
  amber: ["#b45309", "#fcd34d"],
  yellow: ["#a16207", "#fde047"],
  lime: ["#4d7c0f", "#bef264"],
  green: ["#15803d", "#86efac"],
  emerald: ["#047857", "#6ee7b7"],
  teal: ["#0f766e", "#5eead4"],
  cyan: ["#0e7490", "#67e8f9"],
  sky: ["#0369a1", "#7dd3fc"],
  blue: ["#1d4ed8", "#93c5fd"],
  indigo: ["#4338ca", "#a5b4fc"],
  violet: ["#6d28d9", "#c4b5fd"],
  purple: ["#7e22ce", "#d8b4fe"],
  fuchsia: ["#a21caf", "#f0abfc"],
  pink: ["#be185d", "#f9a8d4"],
  rose: ["#be123c", "#fda4af"],
};

/** The custom properties of a skill's accent colour. */
export function toneStyle(color: SkillColor): CSSProperties {
  const [light, dark] = tones[color] ?? tones.slate;
  return { "--tone": light, "--tone-dark": dark } as CSSProperties;
}

/** A disc tinted with the accent colour, the icon drawn in it. */
export const TONE_CLASSES =
  "bg-current/10 text-(--tone) dark:text-(--tone-dark) dark:bg-current/15";
