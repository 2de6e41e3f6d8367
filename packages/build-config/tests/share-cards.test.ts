import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { inflateSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import {
  appTheme,
  cardAlt,
  parseTheme,
  renderShareCards,
  routeCards,
  SHARE_CARDS_FILE,
  type ShareCards,
  type ShareCardsManifest,
  workspaceRoot,
  writeShareCards,
} from "../src/index";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
const tempDist = () => {
  const dir = mkdtempSync(join(tmpdir(), "share-cards-"));
  dirs.push(dir);
  return dir;
};

/** What a PNG's IHDR says, and its pixels as RGB(A) rows, unfiltered (RFC 2083 §6). */
function decodePNG(png: Buffer) {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]));
  let width = 0;
  let height = 0;
  let channels = 0;
  const idat: Buffer[] = [];
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    const type = png.toString("latin1", at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + length);
    if (type === "IHDR") {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      expect(data[8], "bit depth").toBe(8);
      channels = ({ 2: 3, 6: 4 } as Record<number, number>)[data[9] as number] ?? 0;
      expect(channels, `colour type ${data[9]}`).toBeGreaterThan(0);
    }
    if (type === "IDAT") idat.push(data);
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const rows: Buffer[] = [];
  let prev = Buffer.alloc(stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = Buffer.from(raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1)));
    for (let i = 0; i < stride; i++) {
      const a = i >= channels ? (line[i - channels] as number) : 0;
      const b = prev[i] as number;
      const c = i >= channels ? (prev[i - channels] as number) : 0;
      const p = a + b - c;
      const pa = Math.abs(p - a);
      const pb = Math.abs(p - b);
      const pc = Math.abs(p - c);
      const add = [0, a, b, (a + b) >> 1, pa <= pb && pa <= pc ? a : pb <= pc ? b : c][
        filter as number
      ] as number;
      line[i] = ((line[i] as number) + add) & 0xff;
    }
    rows.push(line);
    prev = line;
  }
  const pixel = (x: number, y: number) => {
    const row = rows[y] as Buffer;
    const rgb = [...row.subarray(x * channels, x * channels + 3)];
    return `#${rgb.map((v) => v.toString(16).padStart(2, "0")).join("")}`;
  };
  return { width, height, pixel };
}

const theme = appTheme(join(workspaceRoot, "apps", "blog"));

const cards: ShareCards = {
  owner: "Ada Lovelace",
  siteName: "DevOps Portfolio",
  cards: [
    {
      key: "/blog/terraform-guide",
      title: "Infrastructure as Code with Terraform: A Production Playbook",
      section: "Blog · Infrastructure",
      date: "Dec 8, 2023",
      readingTime: 7,
    },
    {
      key: "/",
      title: "DevOps Engineer & Cloud Infrastructure Specialist",
      section: "Portfolio",
      description: "Projects, skills, talks and writing.",
    },
    {
      key: "/blog/tags/ci-cd",
      title: "Posts tagged “CI/CD”",
      section: "Blog · Tags",
      description: "2 articles",
    },
    {
      key: "/newsletter/1",
      title: `#1 ${"A very long title that cannot fit on three lines of the card ".repeat(4)}`,
      section: "Newsletter",
      date: "December 2024",
      readingTime: 3,
    },
  ],
};

/** Every file under dir, by its path relative to dir. */
function filesOf(dir: string): Record<string, Buffer> {
  const out: Record<string, Buffer> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) {
      const path = join(entry.parentPath, entry.name);
      out[relative(dir, path)] = readFileSync(path);
    }
  }
  return out;
}

describe("parseTheme", () => {
  it("takes the light theme's colours from @portfolio/ui's theme.css", () => {
    expect(theme).toMatchObject({
      background: "#ffffff",
      foreground: "#0a0a0b",
      primary: "#1d4ed8",
    });
  });

  it("refuses a theme without a token the card draws with", () => {
    expect(() => parseTheme("--color-background: #fff;")).toThrow(/--color-foreground/);
  });
});

describe("writeShareCards", { timeout: 120_000 }, async () => {
  const dist = tempDist();
  const started = performance.now();
  const manifest = await writeShareCards(dist, cards, { theme });
  const elapsed = performance.now() - started;
  const files = filesOf(dist);

  it("writes a 1200×630 PNG of at most 200 kB per card, named by its page and its hash", () => {
    expect(Object.keys(manifest.cards).sort()).toEqual(cards.cards.map((c) => c.key).sort());
    for (const [key, { file }] of Object.entries(manifest.cards)) {
      const base = key === "/" ? "og/index" : `og${key}`;
      expect(file).toMatch(new RegExp(`^${base}\\.[0-9a-f]{10}\\.png$`));
      const png = files[file];
      expect(png, file).toBeDefined();
      expect(png?.length, file).toBeLessThanOrEqual(200_000);
      const { width, height } = decodePNG(png as Buffer);
      expect([width, height], file).toEqual([1200, 630]);
    }
    // The cards and cards.json, nothing else.
    expect(Object.keys(files).length).toBe(cards.cards.length + 1);
    console.info(`${cards.cards.length} cards in ${Math.round(elapsed)} ms`);
  });

  it("lists them in og/cards.json, with their size and alt text", () => {
    const listed = JSON.parse(String(files[SHARE_CARDS_FILE])) as ShareCardsManifest;
    expect(listed).toEqual(manifest);
    expect(listed).toMatchObject({ width: 1200, height: 630 });
    expect(listed.cards["/blog/terraform-guide"]?.alt).toBe(
      "Blog · Infrastructure · Infrastructure as Code with Terraform: A Production Playbook · Dec 8, 2023 · 7 min read · Ada Lovelace",
    );
    expect(listed.cards["/"]?.alt).toBe(
      "Portfolio · DevOps Engineer & Cloud Infrastructure Specialist · Projects, skills, talks and writing. · Ada Lovelace",
    );
  });

  it("draws in the theme's colours: the primary band on top, the background below", () => {
    const { pixel } = decodePNG(files[manifest.cards["/"]?.file as string] as Buffer);
    expect(pixel(600, 4)).toBe(theme.primary);
    expect(pixel(20, 300)).toBe(theme.background);
    // The owner's initials sit on a primary disc at the foot.
    const foot = Array.from({ length: 60 }, (_, i) => pixel(85 + i, 552));
    expect(foot).toContain(theme.primary);
  });

  it("gives the same bytes for the same cards, and replaces what og/ held", async () => {
    const again = await writeShareCards(
      dist,
      { ...cards, cards: cards.cards.slice(0, 2) },
      { theme },
    );
    const kept = filesOf(dist);
    for (const key of ["/blog/terraform-guide", "/"]) {
      const file = again.cards[key]?.file as string;
      expect(file).toBe(manifest.cards[key]?.file);
      expect(kept[file]?.equals(files[file] as Buffer)).toBe(true);
    }
    expect(Object.keys(kept).length).toBe(3);
  });

  it("changes the image's name when what it shows changes", async () => {
    const other = tempDist();
    const renamed = await writeShareCards(
      other,
      { ...cards, owner: "Grace Hopper", cards: cards.cards.slice(0, 1) },
      { theme },
    );
    expect(renamed.cards["/blog/terraform-guide"]?.file).not.toBe(
      manifest.cards["/blog/terraform-guide"]?.file,
    );
  });
});

describe("writeShareCards refuses", () => {
  it.each([
    [
      "a key that is no page path",
      [{ key: "/Blog/../x", title: "x", section: "Blog" }],
      /bad page key/,
    ],
    [
      "two cards for one page",
      [
        { key: "/blog", title: "x", section: "Blog" },
        { key: "/blog", title: "y", section: "Blog" },
      ],
      /two cards/,
    ],
    [
      "text no subset of Inter draws (it would show 'no glyph' boxes)",
      [{ key: "/blog/x", title: "日本語の記事", section: "Blog" }],
      /\/blog\/x: the card's font has no glyph for "日本語/,
    ],
  ])("%s", async (_, list, error) => {
    await expect(writeShareCards(tempDist(), { ...cards, cards: list }, { theme })).rejects.toThrow(
      error,
    );
  });
});

describe("renderShareCards", () => {
  it("draws Cyrillic, Greek and Vietnamese as well as Latin", { timeout: 60_000 }, async () => {
    const [png] = await renderShareCards(
      {
        owner: "Иван Петров",
        siteName: "Σελίδα",
        cards: [{ key: "/x", title: "Tiếng Việt · Ñandú", section: "Blog" }],
      },
      { theme },
    );
    expect(decodePNG(Buffer.from(png as Uint8Array)).width).toBe(1200);
  });
});

describe("cardAlt", () => {
  it("names a part once when the section and title are the same", () => {
    expect(cardAlt({ key: "/newsletter", title: "Newsletter", section: "Newsletter" }, "Ada")).toBe(
      "Newsletter · Ada",
    );
  });
});

describe("routeCards", () => {
  it("gives a section's public pages of routes.json a card each, as their heads title them", () => {
    const routes = [
      { path: "/", section: "shell", title: "Home", description: "Welcome." },
      { path: "/projects/{id}", section: "shell", title: "Project", description: "A project." },
      { path: "/blog", section: "blog", title: "Blog", description: "Articles." },
      {
        path: "/admin/newsletter",
        section: "admin",
        title: "Admin",
        description: "x",
        noindex: true,
      },
      { path: "/secret", section: "shell", title: "Secret", description: "x", noindex: true },
    ];
    expect(routeCards(routes, "shell", (path) => `badge of ${path}`)).toEqual([
      { key: "/", title: "Home", section: "badge of /", description: "Welcome." },
    ]);
    expect(routeCards(routes, "admin", () => "Admin")).toEqual([]);
  });
});
