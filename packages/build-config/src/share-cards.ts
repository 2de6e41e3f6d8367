import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { ShareCard, ShareCards } from "./cards";

export { type CardRoute, routeCards, type ShareCard, type ShareCards } from "./cards";

/** Where a build lists its cards, relative to its dist; the gateway reads the same name. */
export const SHARE_CARDS_FILE = "og/cards.json";

/** Every card's size: Open Graph's and X's recommended large image (1.91:1). */
export const SHARE_CARD_WIDTH = 1200;
export const SHARE_CARD_HEIGHT = 630;

/** og/cards.json: each page's image, by page path. */
export interface ShareCardsManifest {
  width: number;
  height: number;
  cards: Record<string, { file: string; alt: string }>;
}

/** The light theme's colours the card uses, as packages/ui/src/theme.css defines them. */
export interface CardTheme {
  background: string;
  foreground: string;
  primary: string;
  primaryForeground: string;
  mutedForeground: string;
  accent: string;
  accentForeground: string;
  border: string;
}

const themeTokens: Record<keyof CardTheme, string> = {
  background: "background",
  foreground: "foreground",
  primary: "primary",
  primaryForeground: "primary-foreground",
  mutedForeground: "muted-foreground",
  accent: "accent",
  accentForeground: "accent-foreground",
  border: "border",
};

/**
 * Reads the card's colours from theme.css's `--color-*` tokens (the first definition of
 * each, which is the light theme's: the dark values live in styles.css), so the cards
 * follow the site's design when it changes.
 */
export function parseTheme(css: string): CardTheme {
  const theme = {} as CardTheme;
  for (const [field, token] of Object.entries(themeTokens) as [keyof CardTheme, string][]) {
    const m = new RegExp(`--color-${token}:\\s*(#[0-9a-fA-F]{3,8})\\s*;`).exec(css);
    if (!m?.[1]) throw new Error(`share cards: theme.css has no --color-${token} hex value`);
    theme[field] = m[1];
  }
  return theme;
}

/** The theme of the app at `appRoot`, from the @portfolio/ui it depends on. */
export function appTheme(appRoot: string): CardTheme {
  const require = createRequire(join(appRoot, "package.json"));
  return parseTheme(readFileSync(require.resolve("@portfolio/ui/theme.css"), "utf8"));
}

interface Font {
  name: string;
  data: Buffer;
  weight: 400 | 700;
  style: "normal";
}

/**
 * Inter, regular and bold, in every subset it has (Latin, Cyrillic, Greek, Vietnamese)
 * from @fontsource/inter, pinned by the lockfile, so every machine draws the same glyphs.
 * satori reads WOFF, not WOFF2.
 */
const fontSubsets = [
  "latin",
  "latin-ext",
  "cyrillic",
  "cyrillic-ext",
  "greek",
  "greek-ext",
  "vietnamese",
];

function loadFonts(): Font[] {
  const require = createRequire(import.meta.url);
  const fonts: Font[] = [];
  for (const weight of [400, 700] as const) {
    for (const subset of fontSubsets) {
      const file = require.resolve(`@fontsource/inter/files/inter-${subset}-${weight}-normal.woff`);
      // A name per subset: satori keeps one font per name, weight and style, and falls
      // back along fontFamily for a glyph the first lacks.
      fonts.push({ name: `Inter ${subset}`, data: readFileSync(file), weight, style: "normal" });
    }
  }
  return fonts;
}

/** A satori element: React's shape, without React. */
interface Node {
  type: string;
  props: { style?: Record<string, string | number>; children?: (Node | string)[] | Node | string };
}

const el = (
  type: string,
  style: Record<string, string | number>,
  ...children: (Node | string | undefined | false)[]
): Node => ({
  type,
  props: { style, children: children.filter((c): c is Node | string => !!c) },
});

/** The title's size: long titles step down so that three lines hold them. */
function titleSize(title: string): number {
  if (title.length <= 40) return 72;
  if (title.length <= 70) return 62;
  return 52;
}

/** The initials in the card's round badge: the owner's first and last name's. */
function initials(name: string): string {
  const words = name.split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? "";
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? "") : "";
  return (first + last).toUpperCase();
}

/** The line of facts under an article's title: `Dec 8, 2023 · 7 min read`. */
export function cardFacts(card: ShareCard): string {
  return [card.date, card.readingTime ? `${card.readingTime} min read` : undefined]
    .filter(Boolean)
    .join(" · ");
}

/**
 * The image's alt text: what it shows, in reading order (the section, the title, the
 * facts or the description, the owner).
 */
export function cardAlt(card: ShareCard, owner: string): string {
  const facts = cardFacts(card);
  return [card.section, card.title, facts || card.description, owner]
    .filter((part, i, all): part is string => !!part && part !== all[i - 1])
    .join(" · ");
}

/** The card's layout: a primary band on top, section and title, the facts, the owner. */
function layout(card: ShareCard, owner: string, siteName: string, theme: CardTheme): Node {
  return el(
    "div",
    {
      width: "100%",
      height: "100%",
      display: "flex",
      flexDirection: "column",
      backgroundColor: theme.background,
      color: theme.foreground,
      fontFamily: fontSubsets.map((subset) => `Inter ${subset}`).join(", "),
    },
    el("div", { display: "flex", height: 16, backgroundColor: theme.primary }),
    body(card, owner, siteName, theme),
  );
}

/** Below the band: the section's badge, the title, the facts or description, the owner. */
function body(card: ShareCard, owner: string, siteName: string, theme: CardTheme): Node {
  const facts = cardFacts(card);
  return el(
    "div",
    {
      display: "flex",
      flexDirection: "column",
      flexGrow: 1,
      padding: "52px 80px 48px",
    },
    el(
      "div",
      { display: "flex" },
      el(
        "div",
        {
          display: "flex",
          backgroundColor: theme.accent,
          color: theme.accentForeground,
          fontSize: 28,
          fontWeight: 700,
          padding: "8px 22px",
          borderRadius: 999,
        },
        card.section,
      ),
    ),
    el(
      "div",
      {
        display: "block",
        marginTop: 36,
        fontSize: titleSize(card.title),
        fontWeight: 700,
        lineHeight: 1.12,
        letterSpacing: -1,
        lineClamp: 3,
      },
      card.title,
    ),
    facts &&
      el(
        "div",
        { display: "flex", marginTop: 28, fontSize: 32, color: theme.mutedForeground },
        facts,
      ),
    !facts &&
      card.description &&
      el(
        "div",
        {
          display: "block",
          marginTop: 28,
          fontSize: 30,
          lineHeight: 1.35,
          color: theme.mutedForeground,
          lineClamp: 2,
        },
        card.description,
      ),
    el("div", { display: "flex", flexGrow: 1 }),
    el(
      "div",
      {
        display: "flex",
        alignItems: "center",
        borderTop: `2px solid ${theme.border}`,
        paddingTop: 32,
      },
      el(
        "div",
        {
          display: "flex",
          alignItems: "center",
          justifyContent: "center",
          width: 64,
          height: 64,
          borderRadius: 999,
          backgroundColor: theme.primary,
          color: theme.primaryForeground,
          fontSize: 26,
          fontWeight: 700,
        },
        initials(owner),
      ),
      el("div", { display: "flex", marginLeft: 20, fontSize: 32, fontWeight: 700 }, owner),
      el("div", { display: "flex", flexGrow: 1 }),
      el("div", { display: "flex", fontSize: 28, color: theme.primary, fontWeight: 700 }, siteName),
    ),
  );
}

/** A page key's image name without its hash: `/` → `og/index`, `/blog/x` → `og/blog/x`. */
function baseName(key: string): string {
  if (key === "/") return "og/index";
  // Keys are the paths of routes.json, posts, tags, editions and projects.
  if (!/^(?:\/[a-z0-9-]+)+$/.test(key))
    throw new Error(`share cards: bad page key ${JSON.stringify(key)}`);
  return `og${key}`;
}

/** The hash in an image's name: the first 10 hex digits of its SHA-256. */
const hashOf = (data: Uint8Array) => createHash("sha256").update(data).digest("hex").slice(0, 10);

export interface RenderOptions {
  theme: CardTheme;
}

/**
 * Renders each card to PNG, in order. The same cards, fonts and theme give the same
 * bytes (satori draws the text as paths, resvg rasterises without system fonts).
 */
export async function renderShareCards(
  { owner, siteName, cards }: ShareCards,
  { theme }: RenderOptions,
): Promise<Uint8Array[]> {
  // Loaded here, not at the top: every app's config imports this package, and only the
  // prerender build draws cards (resvg is a native module).
  const [{ default: satori }, { Resvg }] = await Promise.all([
    import("satori"),
    import("@resvg/resvg-js"),
  ]);
  const fonts = loadFonts();
  const images: Uint8Array[] = [];
  for (const card of cards) {
    // Text no subset of Inter has (CJK, emoji…) would be drawn as "no glyph" boxes:
    // refuse it, naming the card, rather than ship such an image.
    const missing = new Set<string>();
    // satori's own types want a ReactNode; the element shape is React's.
    const svg = await satori(layout(card, owner, siteName, theme) as never, {
      width: SHARE_CARD_WIDTH,
      height: SHARE_CARD_HEIGHT,
      fonts,
      loadAdditionalAsset: async (_language, segment) => {
        missing.add(segment);
        return [];
      },
    });
    if (missing.size)
      throw new Error(
        `share cards: ${card.key}: the card's font has no glyph for ${[...missing].map((s) => JSON.stringify(s)).join(", ")}`,
      );
    const png = new Resvg(svg, {
      fitTo: { mode: "original" },
      font: { loadSystemFonts: false },
    })
      .render()
      .asPng();
    images.push(png);
  }
  return images;
}

/**
 * Renders the cards into `dir` (an app's dist/og is `<dist>/og`, so `dir` is the dist),
 * each at `og/<key>.<hash>.png`, and writes og/cards.json; replaces what a previous build
 * left in og/. Returns the manifest.
 */
export async function writeShareCards(
  dist: string,
  cards: ShareCards,
  options: RenderOptions,
): Promise<ShareCardsManifest> {
  const seen = new Set<string>();
  for (const card of cards.cards) {
    if (seen.has(card.key)) throw new Error(`share cards: ${card.key} has two cards`);
    seen.add(card.key);
    baseName(card.key);
  }
  const images = await renderShareCards(cards, options);
  await rm(join(dist, "og"), { recursive: true, force: true });
  const manifest: ShareCardsManifest = {
    width: SHARE_CARD_WIDTH,
    height: SHARE_CARD_HEIGHT,
    cards: {},
  };
  const sorted = cards.cards
    .map((card, i) => ({ card, png: images[i] as Uint8Array }))
    .sort((a, b) => (a.card.key < b.card.key ? -1 : a.card.key > b.card.key ? 1 : 0));
  for (const { card, png } of sorted) {
    const file = `${baseName(card.key)}.${hashOf(png)}.png`;
    await mkdir(dirname(join(dist, file)), { recursive: true });
    await writeFile(join(dist, file), png);
    manifest.cards[card.key] = { file, alt: cardAlt(card, cards.owner) };
  }
  await writeFile(join(dist, SHARE_CARDS_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}
