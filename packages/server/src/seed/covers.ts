/**
 * Generated book covers for the demo catalogue: a small SVG per story, no network
 * and no image libraries. The seed picks the palette and the motif, so a story
 * keeps its cover across reseeds.
 */
import { escapeHtml } from "@inkwell/shared";

export interface CoverOptions {
  title: string;
  author: string;
  seed: number;
  genre: string;
}

interface Palette {
  top: string;
  bottom: string;
  accent: string;
  ink: string;
}

// Top and bottom of the gradient, motif colour, text colour.
const PALETTES: readonly Palette[] = [
  { top: "#0f2027", bottom: "#2c5364", accent: "#f2c14e", ink: "#fdf6e3" },
  { top: "#42275a", bottom: "#734b6d", accent: "#f6c1c7", ink: "#fff5f7" },
  { top: "#3a1c1c", bottom: "#b33939", accent: "#ffb142", ink: "#fff3e0" },
  { top: "#0b3d2e", bottom: "#3f7d5a", accent: "#e9d8a6", ink: "#fefae0" },
  { top: "#0a2342", bottom: "#2ca58d", accent: "#f4f1bb", ink: "#ffffff" },
  { top: "#e8d5b0", bottom: "#b07d4f", accent: "#6b3e1f", ink: "#2b1a10" },
  { top: "#e0c3fc", bottom: "#8ec5fc", accent: "#ffffff", ink: "#2d2a4a" },
  { top: "#141414", bottom: "#434343", accent: "#e63946", ink: "#f1faee" },
  { top: "#134e5e", bottom: "#71b280", accent: "#ff8c69", ink: "#f7fff7" },
  { top: "#2b1055", bottom: "#7597de", accent: "#ffd56b", ink: "#fdfbff" },
  { top: "#5d2e0f", bottom: "#d9822b", accent: "#fbe7c6", ink: "#fffaf0" },
  { top: "#ffdde1", bottom: "#ee9ca7", accent: "#7d2e46", ink: "#3b1020" },
];

type Random = () => number;

/** mulberry32: a tiny seeded PRNG, so covers never depend on Math.random. */
function random(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An integer in [min, max). */
function between(rand: Random, min: number, max: number): number {
  return Math.floor(min + rand() * (max - min));
}

function pick<T>(rand: Random, items: readonly T[]): T {
  const item = items[Math.floor(rand() * items.length)];
  if (item === undefined) throw new Error("pick from an empty list");
  return item;
}

// Motifs sit in the lower half (below the title, above the author band), in the accent colour.
type Motif = (rand: Random, accent: string) => string;

function moon(rand: Random, accent: string): string {
  const cx = between(rand, 150, 362);
  const cy = between(rand, 540, 600);
  const r = between(rand, 60, 100);
  const halo = `<circle cx="${cx}" cy="${cy}" r="${r + 30}" fill="none" stroke="${accent}" stroke-opacity=".3" stroke-width="2"/>`;
  return `${halo}<circle cx="${cx}" cy="${cy}" r="${r}" fill="${accent}" fill-opacity=".9"/>`;
}

function mountains(rand: Random, accent: string): string {
  let out = "";
  for (let layer = 0; layer < 3; layer++) {
    const base = 520 + layer * 50;
    let d = `M0 700V${base + between(rand, 0, 40)}`;
    for (let x = 0; x < 512; ) {
      x = Math.min(512, x + between(rand, 60, 140));
      d += `L${x} ${base - between(rand, 0, 110)}`;
    }
    out += `<path d="${d}V700Z" fill="${accent}" fill-opacity="${0.3 + layer * 0.25}"/>`;
  }
  return out;
}

function waves(rand: Random, accent: string): string {
  let out = "";
  for (let i = 0; i < 4; i++) {
    const y = 470 + i * 55 + between(rand, 0, 20);
    const amp = between(rand, 12, 36);
    out += `<path d="M0 ${y}q64 -${amp} 128 0t128 0t128 0t128 0V700H0Z" fill="${accent}" fill-opacity="${0.2 + i * 0.18}"/>`;
  }
  return out;
}

function bands(rand: Random, accent: string): string {
  let out = "";
  const slope = between(rand, 80, 200);
  for (let i = 0; i < 4; i++) {
    const y = 480 + i * 60;
    const h = between(rand, 14, 40);
    out += `<path d="M0 ${y + slope}L512 ${y}v${h}L0 ${y + slope + h}Z" fill="${accent}" fill-opacity="${0.25 + i * 0.2}"/>`;
  }
  return out;
}

function stars(rand: Random, accent: string): string {
  let out = "";
  for (let i = 0; i < 22; i++) {
    const r = between(rand, 1, 4);
    out += `<circle cx="${between(rand, 30, 482)}" cy="${between(rand, 40, 690)}" r="${r}" fill="${accent}"/>`;
  }
  // One large four-pointed star as the focal point.
  const x = between(rand, 160, 352);
  const y = between(rand, 520, 600);
  const s = between(rand, 40, 70);
  return `${out}<path d="M${x} ${y - s}Q${x} ${y} ${x + s} ${y}Q${x} ${y} ${x} ${y + s}Q${x} ${y} ${x - s} ${y}Q${x} ${y} ${x} ${y - s}Z" fill="${accent}"/>`;
}

function rings(rand: Random, accent: string): string {
  const cx = between(rand, 100, 412);
  let out = "";
  for (let r = 40; r <= 280; r += 40) {
    out += `<circle cx="${cx}" cy="700" r="${r}" fill="none" stroke="${accent}" stroke-width="${between(rand, 2, 7)}" stroke-opacity="${(1 - r / 320).toFixed(2)}"/>`;
  }
  return out;
}

function forest(rand: Random, accent: string): string {
  let out = "";
  for (let x = -20; x < 512; x += between(rand, 36, 60)) {
    const h = between(rand, 90, 220);
    const w = Math.round(h * 0.45);
    out += `<path d="M${x} 700l${w / 2} -${h}l${w / 2} ${h}Z" fill="${accent}" fill-opacity="${(0.5 + rand() * 0.45).toFixed(2)}"/>`;
  }
  return out;
}

const MOTIFS: readonly Motif[] = [moon, mountains, waves, bands, stars, rings, forest];

const MAX_TITLE_LINES = 4;

/** Greedy word wrap, widening the line until the title fits in four lines. */
function wrapTitle(title: string): string[] {
  const words = title.split(/\s+/).filter(Boolean);
  for (let width = 12; ; width += 2) {
    const lines: string[] = [];
    for (const word of words) {
      const last = lines.length - 1;
      const line = lines[last];
      if (line !== undefined && line.length + 1 + word.length <= width)
        lines[last] = `${line} ${word}`;
      else lines.push(word);
    }
    if (lines.length <= MAX_TITLE_LINES) return lines;
  }
}

/** As large as the longest line allows in 430px (a serif glyph is ~0.55em wide). */
function titleSize(lines: readonly string[]): number {
  const longest = Math.max(...lines.map((line) => line.length));
  return Math.max(30, Math.min(68, Math.floor(430 / (0.55 * longest))));
}

function titleText(title: string, ink: string): string {
  const lines = wrapTitle(title);
  const size = titleSize(lines);
  const lineHeight = Math.round(size * 1.15);
  // Centre the block around y=270, in the space above the motif.
  const first = Math.round(270 - ((lines.length - 1) * lineHeight) / 2 + size * 0.35);
  const spans = lines
    .map((line, i) => `<tspan x="256" y="${first + i * lineHeight}">${escapeHtml(line)}</tspan>`)
    .join("");
  return `<text text-anchor="middle" font-family="Georgia, 'Times New Roman', serif" font-size="${size}" fill="${ink}">${spans}</text>`;
}

export function coverSvg(options: CoverOptions): string {
  const rand = random(options.seed);
  const palette = pick(rand, PALETTES);
  const motif = pick(rand, MOTIFS);
  // Ids are per seed so several covers inlined in one page don't share a gradient.
  const gradient = `g${options.seed >>> 0}`;
  const label = `font-family="Helvetica, Arial, sans-serif" text-anchor="middle" fill="${palette.ink}"`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 800" width="512" height="800">`,
    `<title>${escapeHtml(options.title)}</title>`,
    `<defs><linearGradient id="${gradient}" x1="0" y1="0" x2="0" y2="1">`,
    `<stop offset="0" stop-color="${palette.top}"/><stop offset="1" stop-color="${palette.bottom}"/>`,
    `</linearGradient></defs>`,
    `<rect width="512" height="800" fill="url(#${gradient})"/>`,
    `<g class="${motif.name}">${motif(rand, palette.accent)}</g>`,
    `<rect x="20" y="20" width="472" height="760" fill="none" stroke="${palette.ink}" stroke-opacity=".3"/>`,
    `<text x="256" y="84" ${label} font-size="15" letter-spacing="4" opacity=".8">${escapeHtml(options.genre.toUpperCase())}</text>`,
    titleText(options.title, palette.ink),
    `<rect y="700" width="512" height="100" fill="${palette.top}"/>`,
    `<text x="256" y="758" ${label} font-size="20" letter-spacing="3">${escapeHtml(options.author.toUpperCase())}</text>`,
    `</svg>`,
  ].join("");
}
