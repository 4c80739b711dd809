import { randomFillSync } from 'node:crypto';
import svgCaptcha from 'svg-captcha';

/**
 * The built-in image captcha's picture (channel 2). svg-captcha draws each character as one
 * `<path>` whose outline is the font's glyph with ±0.1 px of jitter: the path's commands identify
 * its character, so a dictionary built from a few hundred images solves every later one without
 * looking at pixels. Here the glyphs of svg-captcha's font are drawn differently every time:
 *
 * - each glyph is scaled, skewed and rotated at random, and the whole picture is warped by two
 *   random waves, then every point (control points too) moves by up to ±0.4 px;
 * - each outline is re-cut: random segments are split in two (at a random place), some lines
 *   become curves, and each closed outline starts at a random vertex, so neither the commands nor
 *   their count repeat;
 * - every outline of every glyph, two thin bands across the text and a few small fragments of
 *   other glyphs go into ONE filled path, in random order: one path is not one character, and an
 *   outline's place in the path says nothing;
 * - two stroked curves of other colours cross the picture.
 *
 * The test (`captcha-image.test.ts`) builds "path → character" dictionaries from thousands of
 * images and checks they solve almost none. This stops cheap scripted solving, not a trained
 * model: production should use captcha channel 1 (a third-party slider), see operations.md.
 */

interface Pt {
  x: number;
  y: number;
}
type Seg = { type: 'L'; to: Pt } | { type: 'Q'; c: Pt; to: Pt } | { type: 'C'; c1: Pt; c2: Pt; to: Pt };
interface Contour {
  start: Pt;
  segs: Seg[];
}

interface FontCommand {
  type: string;
  x?: number;
  y?: number;
  x1?: number;
  y1?: number;
  x2?: number;
  y2?: number;
}
interface FontGlyph {
  getPath(x: number, y: number, fontSize: number): { commands: FontCommand[] };
}
interface Font {
  charToGlyph(ch: string): FontGlyph;
}

// svg-captcha loads its font (Comismsh, opentype.js) at import; its typings omit it.
const font = (svgCaptcha as unknown as { options: { font: Font } }).options.font;

/** The characters of captchas: no 0/O, 1/I/L (characters people confuse). */
export const CAPTCHA_CHARS = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const CAPTCHA_WIDTH = 120;
export const CAPTCHA_HEIGHT = 40;
/** The size the font's outlines are read at; each glyph is then fitted into its slot. */
const FONT_SIZE = 40;
const BACKGROUND = '#f5f7fa';
/** Each glyph turns by up to this much (radians, about 20°) either way. */
const MAX_TURN = 0.35;
/** Every point of every outline moves by up to this much (px) either way. */
const JITTER = 0.4;

/** Uniform numbers in [0, 1) from the crypto generator (the picture's randomness is not guessable). */
function randomSource(): () => number {
  const pool = new Uint32Array(1024);
  let next = pool.length;
  return () => {
    if (next === pool.length) {
      randomFillSync(pool);
      next = 0;
    }
    return (pool[next++] ?? 0) / 2 ** 32;
  };
}

const lerp = (a: Pt, b: Pt, t: number): Pt => ({ x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t });
const same = (a: Pt, b: Pt) => Math.abs(a.x - b.x) < 1e-6 && Math.abs(a.y - b.y) < 1e-6;

/** The font's outlines of one character as closed contours (drawn at the origin, y down). */
function glyphContours(ch: string): Contour[] {
  const contours: Contour[] = [];
  let current: Contour | null = null;
  let at: Pt = { x: 0, y: 0 };
  for (const c of font.charToGlyph(ch).getPath(0, 0, FONT_SIZE).commands) {
    const to = { x: c.x ?? 0, y: c.y ?? 0 };
    if (c.type === 'M') {
      current = { start: to, segs: [] };
      contours.push(current);
      at = to;
    } else if (c.type === 'Z') {
      current = null;
    } else if (current) {
      // The font's zero-length lines are a signature of their glyph: dropped.
      if (c.type === 'L' && same(at, to)) continue;
      if (c.type === 'L') current.segs.push({ type: 'L', to });
      else if (c.type === 'Q') current.segs.push({ type: 'Q', c: { x: c.x1 ?? 0, y: c.y1 ?? 0 }, to });
      else if (c.type === 'C')
        current.segs.push({
          type: 'C',
          c1: { x: c.x1 ?? 0, y: c.y1 ?? 0 },
          c2: { x: c.x2 ?? 0, y: c.y2 ?? 0 },
          to,
        });
      at = to;
    }
  }
  return contours.filter((c) => c.segs.length > 0);
}

const mapContour = (c: Contour, f: (p: Pt) => Pt): Contour => ({
  start: f(c.start),
  segs: c.segs.map((s) =>
    s.type === 'L'
      ? { type: 'L', to: f(s.to) }
      : s.type === 'Q'
        ? { type: 'Q', c: f(s.c), to: f(s.to) }
        : { type: 'C', c1: f(s.c1), c2: f(s.c2), to: f(s.to) },
  ),
});

function bounds(contours: readonly Contour[]) {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const c of contours) {
    for (const p of [c.start, ...c.segs.map((s) => s.to)]) {
      minX = Math.min(minX, p.x);
      minY = Math.min(minY, p.y);
      maxX = Math.max(maxX, p.x);
      maxY = Math.max(maxY, p.y);
    }
  }
  return { minX, minY, maxX, maxY };
}

/** Splits a segment that starts at `from` in two at `t` (de Casteljau for curves). */
function split(from: Pt, s: Seg, t: number): [Seg, Seg] {
  if (s.type === 'L') {
    const m = lerp(from, s.to, t);
    return [
      { type: 'L', to: m },
      { type: 'L', to: s.to },
    ];
  }
  if (s.type === 'Q') {
    const a = lerp(from, s.c, t);
    const b = lerp(s.c, s.to, t);
    const m = lerp(a, b, t);
    return [
      { type: 'Q', c: a, to: m },
      { type: 'Q', c: b, to: s.to },
    ];
  }
  const a = lerp(from, s.c1, t);
  const b = lerp(s.c1, s.c2, t);
  const c = lerp(s.c2, s.to, t);
  const ab = lerp(a, b, t);
  const bc = lerp(b, c, t);
  const m = lerp(ab, bc, t);
  return [
    { type: 'C', c1: a, c2: ab, to: m },
    { type: 'C', c1: bc, c2: c, to: s.to },
  ];
}

/** Re-cuts a closed contour: random splits, some lines as curves, a random starting vertex. */
function recut(contour: Contour, rnd: () => number): Contour {
  const segs: Seg[] = [];
  let from = contour.start;
  const closing = contour.segs.at(-1)?.to;
  const all: Seg[] =
    closing && !same(closing, contour.start)
      ? [...contour.segs, { type: 'L', to: contour.start }]
      : contour.segs;
  for (const s of all) {
    let pieces: Seg[] = [s];
    if (rnd() < 0.4) pieces = split(from, s, 0.3 + rnd() * 0.4);
    for (const p of pieces) {
      segs.push(p.type === 'L' && rnd() < 0.3 ? { type: 'Q', c: lerp(from, p.to, 0.5), to: p.to } : p);
      from = p.to;
    }
  }
  const k = Math.floor(rnd() * segs.length);
  const rotated = [...segs.slice(k), ...segs.slice(0, k)];
  const start = k === 0 ? contour.start : (segs[k - 1]?.to ?? contour.start);
  return { start, segs: rotated };
}

/** A thin closed band across the picture, drawn with the glyphs (same path, same ink). */
function band(rnd: () => number): Contour {
  const y0 = 8 + rnd() * (CAPTCHA_HEIGHT - 16);
  const y1 = 8 + rnd() * (CAPTCHA_HEIGHT - 16);
  const cy = y0 + (rnd() - 0.5) * 30;
  const width = 0.8 + rnd() * 0.5;
  const a0 = { x: -4, y: y0 };
  const a1 = { x: CAPTCHA_WIDTH + 4, y: y1 };
  const c = { x: CAPTCHA_WIDTH / 2 + (rnd() - 0.5) * 40, y: cy };
  const down = (p: Pt) => ({ x: p.x, y: p.y + width });
  return {
    start: a0,
    segs: [
      { type: 'Q', c, to: a1 },
      { type: 'L', to: down(a1) },
      { type: 'Q', c: down(c), to: down(a0) },
    ],
  };
}

const fmt = (n: number) => (Math.round(n * 10) / 10).toString();
const pt = (p: Pt) => `${fmt(p.x)} ${fmt(p.y)}`;
function pathData(contours: readonly Contour[]): string {
  return contours
    .map(
      (c) =>
        `M${pt(c.start)}${c.segs
          .map((s) =>
            s.type === 'L'
              ? `L${pt(s.to)}`
              : s.type === 'Q'
                ? `Q${pt(s.c)} ${pt(s.to)}`
                : `C${pt(s.c1)} ${pt(s.c2)} ${pt(s.to)}`,
          )
          .join('')}Z`,
    )
    .join('');
}

function shuffle<T>(items: T[], rnd: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}

const hsl = (h: number, s: number, l: number) => `hsl(${Math.round(h)},${Math.round(s)}%,${Math.round(l)}%)`;

/** The SVG of a captcha showing `text` (a few characters of CAPTCHA_CHARS), different on every call. */
export function renderCaptchaSvg(text: string): string {
  const rnd = randomSource();
  const range = (lo: number, hi: number) => lo + rnd() * (hi - lo);
  const slot = (CAPTCHA_WIDTH - 8) / text.length;

  // The picture's warp: two waves with random amplitude, length and phase.
  const wave = {
    ax: range(0.5, 1.1),
    fx: range(0.12, 0.22),
    px: range(0, 7),
    ay: range(0.8, 1.6),
    fy: range(0.05, 0.12),
    py: range(0, 7),
  };
  const warp = (p: Pt): Pt => ({
    x: p.x + wave.ax * Math.sin(p.y * wave.fx + wave.px) + range(-JITTER, JITTER),
    y: p.y + wave.ay * Math.sin(p.x * wave.fy + wave.py) + range(-JITTER, JITTER),
  });

  /** Outlines re-cut, fitted into `height` × `width` px, turned and skewed at random, centred on (cx, cy). */
  const placed = (
    contours: Contour[],
    cx: number,
    cy: number,
    height: number,
    width: number,
    maxTurn: number,
  ) => {
    const box = bounds(contours);
    const ox = (box.minX + box.maxX) / 2;
    const oy = (box.minY + box.maxY) / 2;
    const scale = Math.min(
      height / Math.max(1, box.maxY - box.minY),
      width / Math.max(1, box.maxX - box.minX),
    );
    const sx = scale * range(0.82, 1.02);
    const sy = scale * range(0.9, 1.08);
    const skew = range(-0.25, 0.25);
    const turn = range(-maxTurn, maxTurn);
    const cos = Math.cos(turn);
    const sin = Math.sin(turn);
    return contours.map((c) =>
      mapContour(recut(c, rnd), (p) => {
        const x = (p.x - ox) * sx + (p.y - oy) * skew;
        const y = (p.y - oy) * sy;
        return { x: cx + x * cos - y * sin, y: cy + x * sin + y * cos };
      }),
    );
  };

  const contours: Contour[] = [];
  [...text].forEach((ch, i) => {
    const cx = 4 + slot * (i + 0.5) + range(-2.5, 2.5);
    const cy = CAPTCHA_HEIGHT / 2 + range(-2.5, 2.5);
    contours.push(...placed(glyphContours(ch), cx, cy, range(21, 25), slot * 0.92, MAX_TURN));
  });
  contours.push(band(rnd), band(rnd));
  // Small fragments of other glyphs: decoy outlines, a few pixels across.
  const fragments = 2 + Math.floor(rnd() * 3);
  for (let i = 0; i < fragments; i++) {
    const from = glyphContours(CAPTCHA_CHARS[Math.floor(rnd() * CAPTCHA_CHARS.length)] ?? 'X');
    const piece = from[Math.floor(rnd() * from.length)];
    if (piece) {
      const size = range(4, 7);
      contours.push(
        ...placed([piece], range(4, CAPTCHA_WIDTH - 4), range(4, CAPTCHA_HEIGHT - 4), size, size, Math.PI),
      );
    }
  }

  const hue = range(0, 360);
  const ink = hsl(hue, range(45, 75), range(22, 34));
  const strokes = [0, 1].map(() => {
    const y = () => fmt(range(4, CAPTCHA_HEIGHT - 4));
    const x = (lo: number, hi: number) => fmt(range(lo, hi));
    const color = hsl(hue + range(90, 270), range(40, 70), range(55, 72));
    return `<path d="M${x(0, 12)} ${y()}C${x(30, 60)} ${y()} ${x(60, 90)} ${y()} ${x(108, 120)} ${y()}" stroke="${color}" stroke-width="${fmt(range(0.8, 1.3))}" fill="none"/>`;
  });
  const inked = `<path fill="${ink}" stroke="${ink}" stroke-width="0.6" stroke-linejoin="round" d="${pathData(shuffle(contours, rnd).map((c) => mapContour(c, warp)))}"/>`;
  const layers = rnd() < 0.5 ? [strokes[0], inked, strokes[1]] : [inked, ...strokes];
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CAPTCHA_WIDTH}" height="${CAPTCHA_HEIGHT}" viewBox="0,0,${CAPTCHA_WIDTH},${CAPTCHA_HEIGHT}">` +
    `<rect width="100%" height="100%" fill="${BACKGROUND}"/>${layers.join('')}</svg>`
  );
}
