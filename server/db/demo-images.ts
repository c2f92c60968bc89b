import sharp from "sharp";

/**
 * Demo product photographs, drawn locally: an SVG of a garment on a wooden hanger in a softly lit
 * arched niche, rendered to PNG by sharp. Nothing is downloaded and no text is drawn (fonts may be
 * missing). The same options always give the same bytes, so stored media is deduplicated.
 */

export type DemoGarment = "anarkali" | "lehenga" | "half-saree" | "ethnic" | "kids";
export type DemoImageKind = DemoGarment | "category";

export type DemoImageOptions = {
  seed: number;
  /** [main fabric colour, contrast colour (blouse, drape, bottoms), metallic accent (zari, borders)], as #rrggbb. */
  palette: [string, string, string];
  kind: DemoImageKind;
  /** Not drawn. For "category" it picks the silhouette ("Anarkali", "Half Saree", "Kids", ...). */
  label?: string;
  /** "detail" frames the neckline and bodice work closely, like a second product photograph. */
  view?: "front" | "detail";
};

// 640 px wide: the demo needs no variant wider than that, which keeps the first start short.
export const DEMO_IMAGE_WIDTH = 640;
export const DEMO_IMAGE_HEIGHT = 853;

export async function renderDemoImage(options: DemoImageOptions): Promise<Buffer> {
  return sharp(Buffer.from(demoImageSvg(options)))
    .png({ compressionLevel: 2 })
    .toBuffer();
}

// ---------------------------------------------------------------------------------------------
// Small deterministic helpers

/** mulberry32: a tiny seeded PRNG, so the same seed draws the same picture. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rgb = [number, number, number];

function parseHex(hex: string): Rgb {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!match?.[1]) throw new Error(`Expected a #rrggbb colour, got ${hex}`);
  const value = Number.parseInt(match[1], 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function toHex([r, g, b]: Rgb): string {
  const part = (v: number) =>
    Math.round(Math.min(255, Math.max(0, v)))
      .toString(16)
      .padStart(2, "0");
  return `#${part(r)}${part(g)}${part(b)}`;
}

/** Mixes a towards b by t (0 = a, 1 = b). */
function mix(a: string, b: string, t: number): string {
  const x = parseHex(a);
  const y = parseHex(b);
  return toHex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}

const darken = (c: string, t: number) => mix(c, "#140c10", t);
const lighten = (c: string, t: number) => mix(c, "#fffaf2", t);

function luminance(c: string): number {
  const [r, g, b] = parseHex(c);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

/** Zari motifs in the accent, unless it would vanish into the fabric (gold on mustard, on ivory). */
function motifColour(main: string, accent: string): string {
  const fabric = luminance(main);
  if (Math.abs(luminance(accent) - fabric) >= 0.14) return accent;
  return fabric > 0.5 ? mix(darken(main, 0.35), accent, 0.25) : mix(lighten(main, 0.45), accent, 0.4);
}

const n = (value: number) => (Math.round(value * 10) / 10).toString();
/** An opacity, to two decimals. */
const fixed2 = (value: number) => (Math.round(value * 100) / 100).toString();

/** A point on a quadratic Bézier curve. */
function quad(p0: number, p1: number, p2: number, t: number) {
  return (1 - t) * (1 - t) * p0 + 2 * (1 - t) * t * p1 + t * t * p2;
}

// ---------------------------------------------------------------------------------------------
// Drawing context

type Look = {
  main: string;
  contrast: string;
  accent: string;
  /** The dark inside of the garment, seen through the neckline. */
  inside: string;
  /** Small motifs on the fabric: the accent, or a tone that stands out from the fabric. */
  motif: string;
  /** Border bands: the accent, or the contrast colour where the accent would not show (gold on mustard). */
  trim: string;
  trimDeep: string;
};

function makeLook(main: string, contrast: string, accent: string): Look {
  const accentShows = Math.abs(luminance(accent) - luminance(main)) >= 0.12;
  return {
    main,
    contrast,
    accent,
    inside: darken(main, 0.45),
    motif: motifColour(main, accent),
    trim: accentShows ? accent : contrast,
    trimDeep: accentShows ? darken(main, 0.35) : accent,
  };
}

class Drawing {
  private idCounter = 0;
  readonly defs: string[] = [];
  readonly random: () => number;

  constructor(seed: number) {
    this.random = seededRandom(seed);
  }

  id(prefix: string) {
    this.idCounter += 1;
    return `${prefix}${this.idCounter}`;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)]!;
  }

  between(min: number, max: number) {
    return min + (max - min) * this.random();
  }

  /** A repeating motif (buti, polka, jaal, lehariya, floral) as a fill pattern; returns its url(). */
  motifPattern(
    colour: string,
    ground: string,
    style: MotifStyle | readonly MotifStyle[] = MOTIF_STYLES,
  ): string {
    const id = this.id("m");
    const kind = typeof style === "string" ? style : this.pick(style);
    const size = Math.round(this.between(38, 58));
    const half = size / 2;
    let body = "";
    switch (kind) {
      case "buti": {
        const paisley = (x: number, y: number, s: number, flip: boolean) =>
          `<path transform="translate(${n(x)} ${n(y)}) scale(${flip ? -s : s} ${s})" d="${PAISLEY}" fill="${colour}"/>`;
        body =
          paisley(half, half, size / 70, false) +
          paisley(0, 0, size / 110, true) +
          paisley(size, 0, size / 110, true) +
          paisley(0, size, size / 110, true) +
          paisley(size, size, size / 110, true);
        break;
      }
      case "polka":
        body =
          `<circle cx="${n(half)}" cy="${n(half)}" r="${n(size / 16)}" fill="${colour}"/>` +
          [0, size]
            .flatMap((x) =>
              [0, size].map((y) => `<circle cx="${x}" cy="${y}" r="${n(size / 26)}" fill="${colour}"/>`),
            )
            .join("");
        break;
      case "jaal":
        body =
          `<path d="M0,${n(half)} L${n(half)},0 L${size},${n(half)} L${n(half)},${size} Z" fill="none" stroke="${colour}" stroke-width="1.6" stroke-opacity="0.8"/>` +
          `<circle cx="${n(half)}" cy="${n(half)}" r="${n(size / 14)}" fill="${colour}"/>` +
          [0, size]
            .flatMap((x) =>
              [0, size].map((y) => `<circle cx="${x}" cy="${y}" r="${n(size / 22)}" fill="${colour}"/>`),
            )
            .join("");
        break;
      case "lehariya":
        // Diagonal tie-dye waves: lines at 45 degrees that meet across tile edges.
        body = [-size, 0, size]
          .map(
            (o) =>
              `<path d="M${o},${size} L${o + size},0" stroke="${colour}" stroke-width="${n(size / 6)}" stroke-opacity="0.5"/>` +
              `<path d="M${n(o + half)},${size} L${n(o + size + half)},0" stroke="${colour}" stroke-width="${n(size / 16)}" stroke-opacity="0.85"/>`,
          )
          .join("");
        break;
      case "floral": {
        const flower = (x: number, y: number, r: number) =>
          [0, 72, 144, 216, 288]
            .map((a) => {
              const rad = (a * Math.PI) / 180;
              return `<circle cx="${n(x + Math.cos(rad) * r)}" cy="${n(y + Math.sin(rad) * r)}" r="${n(r * 0.62)}" fill="${colour}"/>`;
            })
            .join("") + `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r * 0.5)}" fill="${ground}"/>`;
        body =
          flower(half, half, size / 16) +
          [0, size]
            .flatMap((x) =>
              [0, size].map((y) => `<circle cx="${x}" cy="${y}" r="${n(size / 30)}" fill="${colour}"/>`),
            )
            .join("");
        break;
      }
    }
    this.defs.push(
      `<pattern id="${id}" patternUnits="userSpaceOnUse" width="${size}" height="${size}">${body}</pattern>`,
    );
    return `url(#${id})`;
  }

  /** Left-to-right shading that gives a flat shape some roundness. */
  shade(strength = 1): string {
    const id = this.id("s");
    this.defs.push(
      `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="0">` +
        `<stop offset="0" stop-color="#12080c" stop-opacity="${fixed2(0.34 * strength)}"/>` +
        `<stop offset="0.3" stop-color="#12080c" stop-opacity="0"/>` +
        `<stop offset="0.55" stop-color="#fff8ee" stop-opacity="${fixed2(0.1 * strength)}"/>` +
        `<stop offset="0.75" stop-color="#12080c" stop-opacity="0"/>` +
        `<stop offset="1" stop-color="#12080c" stop-opacity="${fixed2(0.38 * strength)}"/>` +
        `</linearGradient>`,
    );
    return `url(#${id})`;
  }

  /**
   * One piece of fabric: the shape filled with its colour and motif, with `inner` (borders, folds)
   * clipped to it, shaded for volume and given a fine edge.
   */
  panel(
    d: string,
    colour: string,
    options: { motif?: string; motifOpacity?: number; inner?: string; shade?: number; opacity?: number } = {},
  ) {
    const clip = this.id("c");
    this.defs.push(`<clipPath id="${clip}"><path d="${d}"/></clipPath>`);
    const motif = options.motif
      ? `<path d="${d}" fill="${options.motif}" fill-opacity="${options.motifOpacity ?? 0.55}"/>`
      : "";
    const shade = options.shade === 0 ? "" : `<path d="${d}" fill="${this.shade(options.shade ?? 1)}"/>`;
    const content =
      `<g clip-path="url(#${clip})"><path d="${d}" fill="${colour}"/>${motif}${options.inner ?? ""}${shade}</g>` +
      `<path d="${d}" fill="none" stroke="${darken(colour, 0.45)}" stroke-opacity="0.45" stroke-width="1.6"/>`;
    // Group opacity costs an offscreen layer, so only sheer fabrics get one.
    return options.opacity === undefined ? content : `<g opacity="${options.opacity}">${content}</g>`;
  }
}

const MOTIF_STYLES = ["buti", "polka", "jaal", "lehariya", "floral"] as const;
type MotifStyle = (typeof MOTIF_STYLES)[number];
/** Diagonal lehariya fights with the radial folds of a flared skirt, so skirts use the others. */
const SKIRT_MOTIFS = ["buti", "polka", "jaal", "floral"] as const satisfies readonly MotifStyle[];

/** A paisley (kairi) about 24 units tall, centred on the origin. */
const PAISLEY =
  "M2,-12 C9,-9 11,-1 9,5 C7,11 1,13 -4,11 C-9,9 -10,2 -6,-2 C-3,-5 1,-4 2,-1 C3,-4 1,-8 -2,-10 Z";

/** A dotted line of tiny round stitches, as zardozi or gota work. */
function stitches(d: string, colour: string, width = 4, gap = 10, opacity = 0.95) {
  return `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${width}" stroke-linecap="round" stroke-dasharray="0.1 ${gap}" stroke-opacity="${opacity}"/>`;
}

function band(d: string, colour: string, width: number, opacity = 1) {
  return `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${width}" stroke-opacity="${opacity}"/>`;
}

/** A layered zari border along a path (only the inner half shows when the path is the shape's edge). */
function border(d: string, look: Look, width: number) {
  return (
    band(d, look.trim, width * 2) +
    band(d, look.trimDeep, width * 1.25) +
    band(d, look.trim, width * 0.95) +
    stitches(d, look.trimDeep, width * 0.22, width * 0.36) +
    band(d, lighten(look.trim, 0.35), 2.2, 0.9)
  );
}

/** Radial folds (kalis, gathers) from a waist line down to a hem curve. */
function folds(
  drawing: Drawing,
  waist: { left: number; right: number; y: number },
  hem: { left: number; right: number; y: number; sag: number },
  count: number,
  strength: number,
) {
  let out = "";
  for (let i = 0; i < count; i += 1) {
    const t0 = i / count;
    const t1 = (i + 1) / count;
    const wx0 = waist.left + (waist.right - waist.left) * t0;
    const wx1 = waist.left + (waist.right - waist.left) * t1;
    const hx0 = hem.left + (hem.right - hem.left) * t0;
    const hx1 = hem.left + (hem.right - hem.left) * t1;
    const hy0 = quad(hem.y, hem.y + hem.sag * 2, hem.y, t0) + 40;
    const hy1 = quad(hem.y, hem.y + hem.sag * 2, hem.y, t1) + 40;
    const dark = i % 2 === 0;
    const alpha = (dark ? 0.1 : 0.06) * strength * drawing.between(0.7, 1.3);
    out += `<path d="M${n(wx0)},${waist.y} L${n(wx1)},${waist.y} L${n(hx1)},${n(hy1)} L${n(hx0)},${n(hy0)} Z" fill="${dark ? "#12080c" : "#fff8ee"}" fill-opacity="${fixed2(alpha)}"/>`;
    if (i > 0)
      out += `<path d="M${n(wx0)},${waist.y} L${n(hx0)},${n(hy0)}" stroke="#12080c" stroke-opacity="${fixed2(0.16 * strength)}" stroke-width="1.4"/>`;
  }
  return out;
}

/** The curve of a flared hem, as a path edge through the skirt from left to right. */
function hemCurve(left: number, right: number, y: number, sag: number) {
  return `M${n(left - 40)},${n(y - 8)} Q450,${n(y + sag * 2)} ${n(right + 40)},${n(y - 8)}`;
}

function mirror(d: string) {
  // Mirrors an absolute path made of M, L, C, Q and Z around x = 450.
  return d.replace(
    /(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)/g,
    (_, x: string, y: string) => `${n(900 - Number(x))},${y}`,
  );
}

// ---------------------------------------------------------------------------------------------
// Garments. Each returns the SVG markup and its outline (for the soft shadow behind it).

type Piece = { markup: string; outline: string[] };

function hanger(scale = 1, y = 0, reach = 112) {
  const wood = "#8a6446";
  const t = `translate(450 ${y}) scale(${scale}) translate(-450 0)`;
  return {
    back: `<g transform="${t}"><path d="M${450 - reach},270 Q450,222 ${450 + reach},270" fill="none" stroke="${darken(wood, 0.15)}" stroke-width="15" stroke-linecap="round"/><path d="M${450 - reach},266 Q450,218 ${450 + reach},266" fill="none" stroke="${lighten(wood, 0.25)}" stroke-width="4" stroke-linecap="round" stroke-opacity="0.6"/></g>`,
    hook: `<g transform="${t}"><path d="M450,244 L450,206 C450,192 468,188 470,172 C472,156 459,148 448,150 C438,152 434,160 436,168" fill="none" stroke="#a89478" stroke-width="5.5" stroke-linecap="round"/><path d="M449,240 L449,207 C449,194 465,189 467,173" fill="none" stroke="#efe2c6" stroke-width="1.6" stroke-linecap="round" stroke-opacity="0.8"/><rect x="438" y="236" width="24" height="14" rx="5" fill="${darken(wood, 0.1)}"/></g>`,
  };
}

/** The inside of the back, seen through a neckline, with an embroidered edge. */
function neckline(drawing: Drawing, look: Look, d: string, edge: string, work: "dense" | "light") {
  return (
    `<path d="${d}" fill="${look.inside}"/>` +
    band(edge, look.accent, work === "dense" ? 13 : 8) +
    band(edge, darken(look.main, 0.3), work === "dense" ? 4 : 2.5, 0.8) +
    stitches(edge, lighten(look.accent, 0.4), 3, 9) +
    (work === "dense"
      ? `<path d="${edge}" transform="translate(0 18)" fill="none" stroke="${look.accent}" stroke-width="4" stroke-linecap="round" stroke-dasharray="0.1 11" stroke-opacity="0.9"/>`
      : "") +
    // A small hanging latkan at the front of a dense neckline.
    (work === "dense" && drawing.random() < 0.5
      ? `<circle cx="450" cy="${n(neckBottom(edge) + 26)}" r="7" fill="${look.accent}"/>`
      : "")
  );
}

function neckBottom(edge: string) {
  const ys = [...edge.matchAll(/-?\d+(?:\.\d+)?,(-?\d+(?:\.\d+)?)/g)].map((m) => Number(m[1]));
  return Math.max(...ys) - 20;
}

function anarkali(drawing: Drawing, look: Look): Piece {
  const longSleeve = drawing.random() < 0.5;
  const cuffY = longSleeve ? 640 : 540;
  const sleeveL = `M340,262 C318,270 300,292 292,322 L${longSleeve ? 250 : 262},${cuffY} C${longSleeve ? 262 : 274},${cuffY + 8} 300,${cuffY + 10} 318,${cuffY + 4} L354,362 Z`;
  const sleeveR = mirror(sleeveL);
  const bodice =
    "M340,262 Q376,244 410,236 Q450,252 490,236 Q524,244 560,262 C566,300 560,360 548,452 L352,452 C340,360 334,300 340,262 Z";
  const waistY = 452;
  const hemY = 1070;
  const sag = drawing.between(26, 36);
  const flare = drawing.between(310, 345);
  const skirt = `M356,${waistY} L544,${waistY} C610,640 ${n(450 + flare * 0.8)},860 ${n(450 + flare)},${hemY} Q450,${n(hemY + sag * 2)} ${n(450 - flare)},${hemY} C${n(450 - flare * 0.8)},860 290,640 356,${waistY} Z`;
  const kalis = 2 * Math.round(drawing.between(6, 9));
  const motif = drawing.motifPattern(look.motif, look.main, SKIRT_MOTIFS);
  const cuff = (x: number) => `M${x - 60},${cuffY - 16} L${x + 60},${cuffY - 10}`;
  const neckD = "M410,236 Q450,252 490,236 C486,284 470,318 450,332 C430,318 414,284 410,236 Z";
  const neckEdge = "M406,236 C412,288 428,322 450,338 C472,322 488,288 494,236";
  const yokeWork =
    stitches("M372,262 C390,330 420,380 450,394 C480,380 510,330 528,262", look.accent, 4.5, 12) +
    stitches("M360,300 C384,370 420,414 450,420 C480,414 516,370 540,300", look.accent, 3, 9, 0.8);

  const markup =
    drawing.panel(sleeveL, look.main, { motif, inner: border(cuff(longSleeve ? 284 : 290), look, 14) }) +
    drawing.panel(sleeveR, look.main, {
      motif,
      inner: border(mirror(cuff(longSleeve ? 284 : 290)), look, 14),
    }) +
    drawing.panel(skirt, look.main, {
      motif,
      motifOpacity: 0.5,
      inner:
        folds(
          drawing,
          { left: 356, right: 544, y: waistY },
          { left: 450 - flare, right: 450 + flare, y: hemY, sag },
          kalis,
          1.1,
        ) +
        border(hemCurve(450 - flare, 450 + flare, hemY, sag), look, 46) +
        stitches(hemCurve(450 - flare, 450 + flare, hemY - 84, sag), look.accent, 4, 11),
    }) +
    drawing.panel(bodice, look.main, {
      motif,
      motifOpacity: 0.35,
      inner: yokeWork + border(`M330,${waistY} L570,${waistY}`, look, 9),
    }) +
    neckline(drawing, look, neckD, neckEdge, "dense");
  return { markup, outline: [sleeveL, sleeveR, bodice, skirt] };
}

/** A short blouse and a flared, bordered skirt; shared by lehenga and half saree. */
function blouseAndSkirt(drawing: Drawing, look: Look, skirtColour: string, blouseColour: string) {
  const sleeveL = "M346,262 C324,272 308,292 302,318 L292,392 C306,400 332,402 346,396 L358,322 Z";
  const sleeveR = mirror(sleeveL);
  const blouse =
    "M346,262 Q380,246 412,238 Q450,250 488,238 Q520,246 554,262 C560,300 556,350 552,410 Q450,434 348,410 C344,350 340,300 346,262 Z";
  const waistY = 470;
  const hemY = 1080;
  const sag = drawing.between(26, 34);
  const flare = drawing.between(330, 360);
  const skirt = `M344,${waistY} L556,${waistY} C622,640 ${n(450 + flare * 0.82)},880 ${n(450 + flare)},${hemY} Q450,${n(hemY + sag * 2)} ${n(450 - flare)},${hemY} C${n(450 - flare * 0.82)},880 278,640 344,${waistY} Z`;
  const skirtLook = makeLook(skirtColour, look.contrast, look.accent);
  const blouseLook = makeLook(blouseColour, skirtColour, look.accent);
  const skirtMotif = drawing.motifPattern(skirtLook.motif, skirtColour, SKIRT_MOTIFS);
  const blouseMotif = drawing.motifPattern(blouseLook.motif, blouseColour, "polka");
  const midY = drawing.between(800, 860);
  const skirtMarkup = drawing.panel(skirt, skirtColour, {
    motif: skirtMotif,
    motifOpacity: 0.55,
    inner:
      folds(
        drawing,
        { left: 344, right: 556, y: waistY },
        { left: 450 - flare, right: 450 + flare, y: hemY, sag },
        2 * Math.round(drawing.between(9, 13)),
        0.9,
      ) +
      border(hemCurve(450 - flare, 450 + flare, hemY, sag), skirtLook, 54) +
      band(hemCurve(450 - flare, 450 + flare, midY, sag * 0.7), skirtLook.trim, 16) +
      stitches(hemCurve(450 - flare, 450 + flare, midY, sag * 0.7), darken(skirtColour, 0.3), 3.5, 9) +
      border(`M320,${waistY} L580,${waistY}`, skirtLook, 12),
  });
  const cuff = "M282,382 L352,388";
  const blouseMarkup =
    drawing.panel(sleeveL, blouseColour, {
      motif: blouseMotif,
      motifOpacity: 0.5,
      inner: border(cuff, blouseLook, 11),
    }) +
    drawing.panel(sleeveR, blouseColour, {
      motif: blouseMotif,
      motifOpacity: 0.5,
      inner: border(mirror(cuff), blouseLook, 11),
    }) +
    drawing.panel(blouse, blouseColour, {
      motif: blouseMotif,
      motifOpacity: 0.45,
      inner: border("M330,410 Q450,436 570,410", blouseLook, 10),
    }) +
    neckline(
      drawing,
      blouseLook,
      "M412,238 Q450,250 488,238 C488,280 474,306 450,308 C426,306 412,280 412,238 Z",
      "M408,238 C408,286 426,314 450,316 C474,314 492,286 492,238",
      "dense",
    );
  return { skirtMarkup, blouseMarkup, outline: [sleeveL, sleeveR, blouse, skirt] };
}

function lehenga(drawing: Drawing, look: Look): Piece {
  const parts = blouseAndSkirt(drawing, look, look.main, look.contrast);
  // A sheer dupatta falling from the right shoulder.
  const dupatta = "M548,258 C590,262 626,290 640,330 L690,1000 C660,1016 612,1016 584,1004 L552,340 Z";
  const sheer = drawing.panel(dupatta, look.contrast, {
    opacity: 0.55,
    shade: 0.5,
    motif: drawing.motifPattern(look.accent, look.contrast, "polka"),
    motifOpacity: 0.7,
    inner:
      stitches("M552,340 L584,1004", look.accent, 5, 10) +
      stitches("M640,330 L690,1000", look.accent, 5, 10) +
      band("M580,996 C610,1010 660,1010 694,994", look.accent, 26),
  });
  return { markup: parts.skirtMarkup + parts.blouseMarkup + sheer, outline: parts.outline };
}

function halfSaree(drawing: Drawing, look: Look): Piece {
  const parts = blouseAndSkirt(drawing, look, look.main, darken(look.contrast, 0.12));
  const drapeColour = look.contrast;
  const drapeLook = makeLook(drapeColour, look.main, look.accent);
  const skirtLook = makeLook(look.main, look.contrast, look.accent);
  // The voni is tucked in at the right of the waist, crosses the front to the left shoulder and
  // falls behind it as the pallu, whose bordered end shows at the left.
  const pallu =
    "M328,268 L392,248 C396,420 392,620 382,806 C354,818 318,816 292,804 C304,620 316,420 328,268 Z";
  const drape = "M338,262 L424,238 C468,330 520,404 560,476 L560,490 L464,490 C424,410 384,330 338,262 Z";
  const drapeMotif = drawing.motifPattern(drapeLook.motif, drapeColour, "buti");
  const waist = "M344,466 L556,466 L556,492 L344,492 Z";
  const markup =
    drawing.panel(pallu, darken(drapeColour, 0.1), {
      motif: drapeMotif,
      motifOpacity: 0.4,
      inner:
        folds(drawing, { left: 328, right: 392, y: 260 }, { left: 292, right: 382, y: 770, sag: 6 }, 4, 1.4) +
        border("M286,804 C316,820 356,822 390,806", drapeLook, 34) +
        border("M328,268 C316,420 304,620 292,804", drapeLook, 10),
    }) +
    parts.skirtMarkup +
    parts.blouseMarkup +
    drawing.panel(drape, drapeColour, {
      motif: drapeMotif,
      motifOpacity: 0.5,
      opacity: 0.95,
      inner:
        border("M338,262 C384,330 424,410 464,490", drapeLook, 16) +
        border("M424,238 C468,330 520,404 560,476", drapeLook, 9) +
        `<path d="M384,262 C430,340 470,410 506,490" stroke="#12080c" stroke-opacity="0.12" stroke-width="12" fill="none"/>`,
    }) +
    // The skirt's waistband again, over the tucked-in end of the voni.
    drawing.panel(waist, skirtLook.trim, {
      inner:
        band("M344,479 L556,479", skirtLook.trimDeep, 8) +
        stitches("M344,479 L556,479", lighten(skirtLook.trim, 0.4), 3, 8),
    });
  return { markup, outline: [...parts.outline, pallu] };
}

function ethnic(drawing: Drawing, look: Look): Piece {
  const sleeveL = "M336,262 C316,272 298,296 290,330 L256,640 C270,648 300,650 318,644 L350,366 Z";
  const sleeveR = mirror(sleeveL);
  const flare = drawing.between(180, 205);
  const hemY = 870;
  const kurta = `M336,262 Q374,246 408,236 Q450,248 492,236 Q526,246 564,262 C572,330 574,420 578,520 L${n(450 + flare)},${hemY} Q450,${hemY + 22} ${n(450 - flare)},${hemY} L322,520 C326,420 328,330 336,262 Z`;
  const wide = drawing.random() < 0.6;
  const pants = wide
    ? "M352,840 L548,840 L612,1100 Q536,1112 462,1100 L450,920 L438,1100 Q364,1112 288,1100 Z"
    : "M362,840 L538,840 L510,1100 Q484,1108 460,1100 L450,930 L440,1100 Q416,1108 390,1100 Z";
  const pantsHem = wide
    ? "M280,1102 Q364,1114 444,1102 M456,1102 Q536,1114 620,1102"
    : "M384,1102 Q416,1110 444,1102 M456,1102 Q484,1110 516,1102";
  const motif = drawing.motifPattern(look.motif, look.main);
  const contrastLook = makeLook(look.contrast, look.main, look.accent);
  const cuff = "M246,626 L330,634";
  const markup =
    drawing.panel(pants, look.contrast, {
      inner:
        border(pantsHem, contrastLook, 16) +
        `<path d="M450,920 L450,1100" stroke="#12080c" stroke-opacity="0.25" stroke-width="2"/>`,
    }) +
    drawing.panel(sleeveL, look.main, { motif, inner: border(cuff, look, 12) }) +
    drawing.panel(sleeveR, look.main, { motif, inner: border(mirror(cuff), look, 12) }) +
    drawing.panel(kurta, look.main, {
      motif,
      motifOpacity: 0.5,
      inner:
        border(`M${n(410 - flare)},${hemY - 4} Q450,${hemY + 24} ${n(490 + flare)},${hemY - 4}`, look, 30) +
        `<rect x="440" y="270" width="20" height="170" fill="${darken(look.main, 0.12)}"/>` +
        stitches("M438,274 L438,440", look.accent, 3.5, 8) +
        stitches("M462,274 L462,440", look.accent, 3.5, 8) +
        [300, 340, 380, 420]
          .map((y) => `<circle cx="450" cy="${y}" r="4.5" fill="${look.accent}"/>`)
          .join("") +
        stitches(
          `M${n(440 - flare)},${hemY - 74} Q450,${hemY - 52} ${n(460 + flare)},${hemY - 74}`,
          look.accent,
          4,
          11,
        ) +
        stitches("M578,520 L604,700", darken(look.main, 0.4), 2, 6, 0.6) +
        stitches("M322,520 L296,700", darken(look.main, 0.4), 2, 6, 0.6),
    }) +
    neckline(
      drawing,
      look,
      "M410,236 Q450,248 490,236 C488,262 470,276 450,278 C430,276 412,262 410,236 Z",
      "M406,236 C408,268 428,286 450,288 C472,286 492,268 494,236",
      "light",
    );
  return { markup, outline: [sleeveL, sleeveR, kurta, pants] };
}

function kids(drawing: Drawing, look: Look): Piece {
  const puffL = "M372,352 C336,350 310,378 314,410 C332,428 364,426 384,410 Z";
  const puffR = mirror(puffL);
  const bodice = "M372,352 Q396,338 418,330 Q450,342 482,330 Q504,338 528,352 L524,520 L376,520 Z";
  const hemY = 960;
  const sag = 22;
  const flare = drawing.between(230, 255);
  const skirt = `M376,520 L524,520 C580,640 ${n(450 + flare * 0.84)},800 ${n(450 + flare)},${hemY} Q450,${hemY + sag * 2} ${n(450 - flare)},${hemY} C${n(450 - flare * 0.84)},800 320,640 376,520 Z`;
  const motif = drawing.motifPattern(
    look.motif,
    look.main,
    drawing.pick(["floral", "polka", "buti"] as const),
  );
  const tierY = drawing.between(720, 760);
  const contrastLook = makeLook(look.contrast, look.main, look.accent);
  const bow =
    `<path d="M540,528 C580,500 604,520 596,544 C590,562 560,556 540,528 Z" fill="${look.contrast}" stroke="${darken(look.contrast, 0.4)}" stroke-opacity="0.4"/>` +
    `<path d="M540,528 C520,560 530,600 514,640 L532,642 C548,606 548,566 540,528 Z" fill="${darken(look.contrast, 0.1)}"/>` +
    `<path d="M540,528 C552,566 572,596 586,632 L568,640 C556,604 542,566 540,528 Z" fill="${darken(look.contrast, 0.05)}"/>` +
    `<circle cx="540" cy="528" r="11" fill="${look.accent}"/>`;
  const markup =
    drawing.panel(skirt, look.main, {
      motif,
      motifOpacity: 0.6,
      inner:
        folds(
          drawing,
          { left: 376, right: 524, y: 520 },
          { left: 450 - flare, right: 450 + flare, y: hemY, sag },
          14,
          1,
        ) +
        border(hemCurve(450 - flare, 450 + flare, hemY, sag), contrastLook, 38) +
        band(hemCurve(450 - flare, 450 + flare, tierY, sag * 0.6), look.contrast, 18) +
        stitches(hemCurve(450 - flare, 450 + flare, tierY, sag * 0.6), look.accent, 4, 10),
    }) +
    drawing.panel(puffL, look.contrast, {
      inner: border("M310,412 C330,430 364,428 388,412", contrastLook, 7),
    }) +
    drawing.panel(puffR, look.contrast, {
      inner: border(mirror("M310,412 C330,430 364,428 388,412"), contrastLook, 7),
    }) +
    drawing.panel(bodice, look.main, {
      motif,
      motifOpacity: 0.35,
      inner: stitches("M392,372 C410,430 430,456 450,462 C470,456 490,430 508,372", look.accent, 4, 11),
    }) +
    `<rect x="370" y="508" width="160" height="26" fill="${look.contrast}"/><rect x="370" y="508" width="160" height="26" fill="${drawing.shade(0.8)}"/>` +
    stitches("M372,521 L528,521", look.accent, 3, 8) +
    bow +
    neckline(
      drawing,
      look,
      "M418,330 Q450,342 482,330 C478,356 466,366 450,366 C434,366 422,356 418,330 Z",
      "M414,330 C416,360 432,374 450,374 C468,374 484,360 486,330",
      "light",
    );
  return { markup, outline: [puffL, puffR, bodice, skirt] };
}

const GARMENTS: Record<DemoGarment, (drawing: Drawing, look: Look) => Piece> = {
  anarkali,
  lehenga,
  "half-saree": halfSaree,
  ethnic,
  kids,
};

function garmentForLabel(label: string | undefined, drawing: Drawing): DemoGarment {
  const text = (label ?? "").toLowerCase();
  if (text.includes("anarkali")) return "anarkali";
  if (text.includes("lehenga") || text.includes("lehanga") || text.includes("crop")) return "lehenga";
  if (text.includes("saree") || text.includes("sari")) return "half-saree";
  if (text.includes("kid")) return "kids";
  if (text.includes("ethnic") || text.includes("kurta")) return "ethnic";
  return drawing.pick(["anarkali", "lehenga", "half-saree", "ethnic", "kids"] as const);
}

// ---------------------------------------------------------------------------------------------
// The whole picture

/** The SVG source of a demo image (exported for tests and previews). */
export function demoImageSvg(options: DemoImageOptions): string {
  const drawing = new Drawing(options.seed);
  const [main, contrast, accent] = options.palette;
  const isCategory = options.kind === "category";
  const garment = isCategory ? garmentForLabel(options.label, drawing) : (options.kind as DemoGarment);
  const look = makeLook(main, contrast, accent);

  // A warm studio wall tinted by the fabric, an arched niche and a soft floor shadow.
  const wallTop = isCategory ? darken(main, 0.5) : mix(main, "#f6efe4", 0.9);
  const wallBottom = isCategory ? darken(main, 0.7) : mix(main, "#e9ddcc", 0.8);
  const niche = isCategory ? darken(main, 0.35) : mix(main, "#fbf6ee", 0.93);
  const arch = "M170,1200 L170,440 C170,300 300,214 450,118 C600,214 730,300 730,440 L730,1200 Z";
  const wall = drawing.id("w");
  const glow = drawing.id("g");
  const floor = drawing.id("f");
  drawing.defs.push(
    `<linearGradient id="${wall}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${wallTop}"/><stop offset="1" stop-color="${wallBottom}"/></linearGradient>`,
    `<radialGradient id="${glow}" cx="0.5" cy="0.42" r="0.6"><stop offset="0" stop-color="#fffaf0" stop-opacity="${isCategory ? 0.22 : 0.7}"/><stop offset="1" stop-color="#fffaf0" stop-opacity="0"/></radialGradient>`,
    `<radialGradient id="${floor}"><stop offset="0" stop-color="#1a0e12" stop-opacity="${isCategory ? 0.4 : 0.16}"/><stop offset="1" stop-color="#1a0e12" stop-opacity="0"/></radialGradient>`,
  );

  const scene: string[] = [
    `<rect width="900" height="1200" fill="url(#${wall})"/>`,
    `<path d="${arch}" fill="${niche}"/>`,
    `<path d="${arch}" fill="url(#${glow})"/>`,
  ];
  if (isCategory) {
    scene.push(
      `<path d="${arch}" fill="none" stroke="${accent}" stroke-width="3" stroke-opacity="0.9"/>`,
      `<path d="${arch}" transform="translate(450 660) scale(1.06) translate(-450 -660)" fill="none" stroke="${accent}" stroke-width="1.5" stroke-opacity="0.6"/>`,
      stitches(arch, accent, 4, 16, 0.7).replace(
        "<path ",
        `<path transform="translate(450 660) scale(0.95) translate(-450 -660)" `,
      ),
    );
  } else {
    scene.push(
      `<path d="${arch}" fill="none" stroke="${mix(main, "#c9b79c", 0.7)}" stroke-width="2" stroke-opacity="0.6"/>`,
    );
  }
  scene.push(`<ellipse cx="450" cy="1136" rx="360" ry="40" fill="url(#${floor})"/>`);

  const piece = GARMENTS[garment](drawing, look);
  const isKids = garment === "kids";
  const hang = hanger(isKids ? 0.72 : 1, isKids ? 156 : 0, isKids ? 100 : 112);
  const shadow = softShadow(piece.outline, isCategory ? 0.12 : 0.05);
  const body = `${hang.back}${shadow}${piece.markup}${hang.hook}`;

  // The detail view is the same garment, framed closely around the neckline and bodice.
  // Exactly 2x: librsvg renders patterns slowly at fractional scales.
  const viewBox =
    options.view === "detail" ? (isKids ? "225 250 450 600" : "225 170 450 600") : "0 0 900 1200";
  const title = options.label ? `<title>${escapeXml(options.label)}</title>` : "";
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${DEMO_IMAGE_WIDTH}" height="${DEMO_IMAGE_HEIGHT}" viewBox="${viewBox}" preserveAspectRatio="xMidYMid slice">` +
    `${title}<defs>${drawing.defs.join("")}</defs>${scene.join("")}${body}</svg>`
  );
}

/**
 * A soft drop shadow without a blur filter (which is slow to render): the outline filled faintly,
 * under a few widening translucent strokes that fade its edge.
 */
function softShadow(outline: string[], alpha: number) {
  const t = `transform="translate(12 18)"`;
  return outline
    .map(
      (d) =>
        `<path d="${d}" ${t} fill="#1a0e12" fill-opacity="${fixed2(alpha * 3)}"/>` +
        [34, 14]
          .map(
            (w) =>
              `<path d="${d}" ${t} fill="none" stroke="#1a0e12" stroke-opacity="${fixed2(alpha)}" stroke-width="${w}" stroke-linejoin="round"/>`,
          )
          .join(""),
    )
    .join("");
}

function escapeXml(text: string) {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
