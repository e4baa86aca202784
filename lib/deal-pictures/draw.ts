/**
 * Deal pictures for the demo, drawn locally as SVG (no network, no binary assets in git). Each
 * category has a scene (a spa shelf, a laid table, a hotel in the hills, a stage, a studio shot of
 * a product…) built from gradient-shaded props; the deal id and the picture number pick the
 * composition, light and colours, so a deal's pictures differ from each other and from its
 * neighbours'. Pictures are 16:10 and come in a few widths for `srcset`: a narrower one drops
 * fine detail (bokeh, texture), which is what makes it lighter.
 *
 * Their URLs and sizes are ./urls.ts.
 */
import { BASE_WIDTH, DEAL_IMAGE_ASPECT, type DealImageRequest } from "./urls";

const BASE_HEIGHT = 400;

/** FNV-1a, as an unsigned 32-bit number. */
export function hash(text: string): number {
  let value = 2166136261;
  for (let i = 0; i < text.length; i++) {
    value ^= text.charCodeAt(i);
    value = Math.imul(value, 16777619);
  }
  return value >>> 0;
}

/**
 * mulberry32: a small seeded generator of numbers in [0, 1). Every shift is unsigned (`>>>`):
 * a signed shift turns half the seeds negative, which once drew shapes off the canvas.
 */
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

export type SceneKind =
  | "spa"
  | "beauty"
  | "food"
  | "drinks"
  | "afternoon-tea"
  | "hotel"
  | "castle"
  | "beach"
  | "city"
  | "countryside"
  | "coast"
  | "cruise"
  | "adventure"
  | "driving"
  | "stage"
  | "cinema"
  | "fitness"
  | "health"
  | "tech"
  | "fashion"
  | "home"
  | "garden"
  | "toys"
  | "gifts";

const BY_SUB_CATEGORY: Record<string, SceneKind> = {
  restaurants: "food",
  takeaway: "food",
  "bottomless-brunch": "drinks",
  cocktails: "drinks",
  "afternoon-tea": "afternoon-tea",
  spa: "spa",
  massage: "spa",
  facials: "spa",
  hair: "beauty",
  nails: "beauty",
  fitness: "fitness",
  "yoga-pilates": "fitness",
  dental: "health",
  "health-checks": "health",
  experiences: "adventure",
  "days-out": "adventure",
  driving: "driving",
  "escape-rooms": "adventure",
  theatre: "stage",
  comedy: "stage",
  "live-music": "stage",
  cinema: "cinema",
  garden: "garden",
  "spa-breaks": "spa",
  "city-breaks": "city",
  city: "city",
  coastal: "coast",
  countryside: "countryside",
  "hotel-breaks": "hotel",
  "castle-breaks": "castle",
  beach: "beach",
  "all-inclusive": "beach",
  mediterranean: "cruise",
  caribbean: "cruise",
  river: "cruise",
};

const BY_CATEGORY: Record<string, SceneKind> = {
  "food-and-drink": "food",
  beauty: "beauty",
  "health-fitness": "fitness",
  activities: "adventure",
  entertainment: "stage",
  electricals: "tech",
  fashion: "fashion",
  "home-garden": "home",
  "health-beauty-products": "beauty",
  "toys-kids": "toys",
  gifts: "gifts",
  "uk-breaks": "hotel",
  "ireland-breaks": "hotel",
  international: "beach",
  cruises: "cruise",
  travel: "hotel",
  escapes: "hotel",
};

/** The scene drawn for a deal: its sub-category's when it has one, else its category's. */
export function sceneFor(category: string, subCategory?: string): SceneKind {
  return (subCategory && BY_SUB_CATEGORY[subCategory]) || BY_CATEGORY[category] || "gifts";
}

// ---------------------------------------------------------------------------------------------
// Colour helpers

function hsl(h: number, s: number, l: number): string {
  const hue = ((h % 360) + 360) % 360;
  const sat = Math.max(0, Math.min(100, s)) / 100;
  const lig = Math.max(0, Math.min(100, l)) / 100;
  const a = sat * Math.min(lig, 1 - lig);
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12;
    const value = lig - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, "0");
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

interface Palette {
  /** Main hue of the scene, shifted per picture. */
  hue: number;
  /** Accent hue (complementary-ish). */
  accent: number;
  warm: boolean;
}

const r1 = (n: number) => Math.round(n * 10) / 10;

// ---------------------------------------------------------------------------------------------
// Drawing context: collects gradient definitions and shapes.

class Canvas {
  private defs: string[] = [];
  private count = 0;
  readonly shapes: string[] = [];
  constructor(
    readonly rand: () => number,
    readonly detail: number,
    /** For detail only (bokeh, grain, waves, crowds), so the layout is the same at every width. */
    readonly fine: () => number,
  ) {}

  between(min: number, max: number): number {
    return min + this.rand() * (max - min);
  }
  fineBetween(min: number, max: number): number {
    return min + this.fine() * (max - min);
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.rand() * items.length)];
  }
  linear(stops: [string, number?][], x2 = 0, y2 = 1): string {
    const id = `g${this.count++}`;
    const body = stops.map(([color, opacity], i) => `<stop offset="${r1((i / Math.max(1, stops.length - 1)) * 100)}%" stop-color="${color}"${opacity === undefined ? "" : ` stop-opacity="${opacity}"`}/>`).join("");
    this.defs.push(`<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}">${body}</linearGradient>`);
    return `url(#${id})`;
  }
  radial(inner: string, outer: string, innerOpacity = 1, outerOpacity = 0): string {
    const id = `g${this.count++}`;
    this.defs.push(`<radialGradient id="${id}"><stop offset="0%" stop-color="${inner}" stop-opacity="${innerOpacity}"/><stop offset="100%" stop-color="${outer}" stop-opacity="${outerOpacity}"/></radialGradient>`);
    return `url(#${id})`;
  }
  add(svg: string): void {
    this.shapes.push(svg);
  }
  /** A prop drawn in its own coordinates (origin at the middle of its base), placed and scaled. */
  place(x: number, y: number, scale: number, svg: string): void {
    this.add(`<g transform="translate(${r1(x)} ${r1(y)}) scale(${r1(scale * 100) / 100})">${svg}</g>`);
  }
  shadow(x: number, y: number, width: number): void {
    this.add(`<ellipse cx="${r1(x)}" cy="${r1(y)}" rx="${r1(width / 2)}" ry="${r1(width / 9)}" fill="${this.radial("#000", "#000", 0.35, 0)}"/>`);
  }
  render(width: number, label: string): string {
    const height = Math.round(width * DEAL_IMAGE_ASPECT);
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${BASE_WIDTH} ${BASE_HEIGHT}" preserveAspectRatio="xMidYMid slice" role="img" aria-label="${label}"><defs>${this.defs.join("")}</defs>${this.shapes.join("")}</svg>`;
  }
}

// ---------------------------------------------------------------------------------------------
// Backdrops

/** A studio: a wall with a soft light and a surface in front. `horizon` is where they meet. */
function studio(c: Canvas, p: Palette, horizon: number): void {
  c.add(`<rect width="640" height="400" fill="${c.linear([[hsl(p.hue, 45, 88)], [hsl(p.hue, 40, 72)]])}"/>`);
  c.add(`<circle cx="${r1(c.between(120, 520))}" cy="${r1(c.between(60, 160))}" r="260" fill="${c.radial("#fff", "#fff", 0.7, 0)}"/>`);
  c.add(`<rect y="${horizon}" width="640" height="${400 - horizon}" fill="${c.linear([[hsl(p.hue, 30, p.warm ? 80 : 76)], [hsl(p.hue, 28, 58)]])}"/>`);
  c.add(`<rect y="${horizon}" width="640" height="6" fill="#fff" opacity="0.35"/>`);
}

/** A table top: wood or marble under a wall; `horizon` is the table's back edge. */
function tableTop(c: Canvas, p: Palette, horizon: number): void {
  c.add(`<rect width="640" height="${horizon}" fill="${c.linear([[hsl(p.accent, 25, 32)], [hsl(p.accent, 30, 20)]])}"/>`);
  if (c.detail > 0) {
    for (let i = 0; i < 3 + c.detail * 3; i++) {
      c.add(`<circle cx="${r1(c.fineBetween(0, 640))}" cy="${r1(c.fineBetween(10, horizon - 10))}" r="${r1(c.fineBetween(8, 30))}" fill="${c.radial(hsl(40, 90, 75), hsl(40, 90, 60), 0.7, 0)}"/>`);
    }
  }
  const wood = c.rand() < 0.55;
  const top = wood ? [hsl(28, 45, 46), hsl(24, 50, 30)] : [hsl(p.hue, 8, 94), hsl(p.hue, 8, 78)];
  c.add(`<rect y="${horizon}" width="640" height="${400 - horizon}" fill="${c.linear([[top[0]], [top[1]]])}"/>`);
  if (c.detail > 0) {
    for (let i = 0; i < 4 + c.detail * 2; i++) {
      const y = horizon + c.fineBetween(10, 400 - horizon);
      c.add(`<path d="M0 ${r1(y)} Q320 ${r1(y + c.fineBetween(-12, 12))} 640 ${r1(y + c.fineBetween(-8, 8))}" stroke="${wood ? "#3b2412" : "#b8b8c0"}" stroke-opacity="0.18" fill="none" stroke-width="${r1(c.fineBetween(1, 3))}"/>`);
    }
  }
}

/** Sky, sun or moon, clouds: `evening` gives a sunset sky. */
function sky(c: Canvas, p: Palette, evening: boolean): void {
  const stops: [string][] = evening
    ? [[hsl(250, 45, 35)], [hsl(330, 60, 60)], [hsl(30, 95, 70)]]
    : [[hsl(205 + (p.hue % 20), 75, 55)], [hsl(200, 70, 75)], [hsl(195, 60, 90)]];
  c.add(`<rect width="640" height="400" fill="${c.linear(stops)}"/>`);
  const sx = c.between(80, 560);
  const sy = evening ? c.between(190, 240) : c.between(50, 110);
  c.add(`<circle cx="${r1(sx)}" cy="${r1(sy)}" r="110" fill="${c.radial(evening ? "#ffd27a" : "#fff6c8", "#fff", 0.8, 0)}"/>`);
  c.add(`<circle cx="${r1(sx)}" cy="${r1(sy)}" r="${evening ? 38 : 28}" fill="${evening ? "#ffb347" : "#fff3b0"}"/>`);
  for (let i = 0; i < 1 + c.detail; i++) cloud(c, c.fineBetween(40, 600), c.fineBetween(40, 140), c.fineBetween(0.6, 1.2));
}

function cloud(c: Canvas, x: number, y: number, s: number): void {
  c.place(x, y, s, `<g fill="#fff" opacity="0.85"><ellipse cx="0" cy="0" rx="50" ry="18"/><circle cx="-18" cy="-10" r="20"/><circle cx="12" cy="-16" r="24"/><circle cx="34" cy="-4" r="16"/></g>`);
}

function hills(c: Canvas, p: Palette, base: number, layers: number): void {
  for (let i = 0; i < layers; i++) {
    const y = base + i * 28;
    const a = c.between(-30, 30);
    const b = c.between(-30, 30);
    const light = 55 - i * 10;
    c.add(`<path d="M0 ${r1(y + a)} C160 ${r1(y - 40 + b)} 320 ${r1(y + 30 - a)} 480 ${r1(y - 10 + b)} S640 ${r1(y - 20)} 640 ${r1(y)} V400 H0Z" fill="${c.linear([[hsl(110 + (p.hue % 30), 40, light)], [hsl(120, 45, light - 15)]])}"/>`);
  }
}

function sea(c: Canvas, top: number, hue = 195): void {
  c.add(`<rect y="${top}" width="640" height="${400 - top}" fill="${c.linear([[hsl(hue, 70, 55)], [hsl(hue + 10, 75, 32)]])}"/>`);
  for (let i = 0; i < 4 + c.detail * 4; i++) {
    const y = c.fineBetween(top + 8, 400);
    const x = c.fineBetween(0, 600);
    c.add(`<path d="M${r1(x)} ${r1(y)} q12 -5 24 0 t24 0" stroke="#fff" stroke-opacity="0.5" fill="none" stroke-width="2"/>`);
  }
}

function bokeh(c: Canvas, p: Palette): void {
  for (let i = 0; i < c.detail * 5; i++) {
    c.add(`<circle cx="${r1(c.fineBetween(0, 640))}" cy="${r1(c.fineBetween(0, 220))}" r="${r1(c.fineBetween(6, 26))}" fill="${hsl(p.accent, 80, 85)}" opacity="${r1(c.fineBetween(0.15, 0.4) * 100) / 100}"/>`);
  }
}

// ---------------------------------------------------------------------------------------------
// Props: each drawn around (0, 0) = the middle of its base, about 200 units tall at scale 1.

function candle(c: Canvas, color: string, height: number): string {
  const body = c.linear([[color], ["#fff"], [color]], 1, 0);
  return `<rect x="-22" y="${-height}" width="44" height="${height}" rx="6" fill="${body}"/><ellipse cx="0" cy="${-height}" rx="22" ry="6" fill="#fff" opacity="0.7"/><rect x="-1.5" y="${-height - 14}" width="3" height="12" fill="#333"/><circle cx="0" cy="${-height - 26}" r="26" fill="${c.radial("#ffdf80", "#ffdf80", 0.8, 0)}"/><path d="M0 ${-height - 40} C8 ${-height - 26} 8 ${-height - 16} 0 ${-height - 14} C-8 ${-height - 16} -8 ${-height - 26} 0 ${-height - 40}Z" fill="#ffb020"/>`;
}

function stones(c: Canvas): string {
  const grey = (l: number) => c.linear([[hsl(30, 6, l + 12)], [hsl(30, 6, l - 10)]]);
  return `<ellipse cx="0" cy="-22" rx="70" ry="24" fill="${grey(40)}"/><ellipse cx="4" cy="-60" rx="54" ry="19" fill="${grey(48)}"/><ellipse cx="-2" cy="-92" rx="40" ry="15" fill="${grey(55)}"/><ellipse cx="2" cy="-118" rx="26" ry="11" fill="${grey(62)}"/>`;
}

function towel(c: Canvas, color: string): string {
  return `<rect x="-80" y="-60" width="160" height="60" rx="30" fill="${c.linear([[color], [hsl(0, 0, 96)], [color]])}"/><circle cx="80" cy="-30" r="30" fill="${color}"/><path d="M80 -30 m-18 0 a18 18 0 1 0 36 0 a12 12 0 1 0 -24 0 a6 6 0 1 0 12 0" stroke="#fff" stroke-opacity="0.6" fill="none" stroke-width="2"/>`;
}

function plant(c: Canvas, pot: string, flower: string | null): string {
  const leaves = Array.from({ length: 5 + c.detail * 2 }, (_, i) => {
    const angle = -70 + i * (140 / (4 + c.detail * 2));
    return `<ellipse cx="0" cy="-70" rx="14" ry="60" fill="${hsl(120 + i * 6, 45, 30 + i * 3)}" transform="rotate(${r1(angle)} 0 -10)"/>`;
  }).join("");
  const flowers = flower
    ? Array.from({ length: 3 }, (_, i) => `<circle cx="${-30 + i * 30}" cy="${-150 + (i % 2) * 24}" r="16" fill="${flower}"/><circle cx="${-30 + i * 30}" cy="${-150 + (i % 2) * 24}" r="5" fill="#ffd24d"/>`).join("")
    : "";
  return `${leaves}${flowers}<path d="M-42 -50 H42 L32 0 H-32Z" fill="${c.linear([[pot], [hsl(0, 0, 20)]])}"/>`;
}

function bottle(c: Canvas, color: string, tall: number): string {
  const glass = c.linear([[color], [hsl(0, 0, 100)], [color]], 1, 0);
  return `<rect x="-34" y="${-tall}" width="68" height="${tall}" rx="14" fill="${glass}"/><rect x="-14" y="${-tall - 22}" width="28" height="24" fill="${hsl(45, 60, 55)}"/><rect x="-20" y="${-tall - 46}" width="40" height="26" rx="6" fill="${c.linear([["#333"], ["#777"], ["#222"]], 1, 0)}"/><rect x="-24" y="${-tall * 0.6}" width="48" height="${tall * 0.28}" rx="4" fill="#fff" opacity="0.55"/><rect x="-26" y="${-tall + 10}" width="8" height="${tall - 30}" rx="4" fill="#fff" opacity="0.35"/>`;
}

function jar(c: Canvas, color: string): string {
  return `<rect x="-50" y="-60" width="100" height="60" rx="10" fill="${c.linear([[color], ["#fff"], [color]], 1, 0)}"/><rect x="-54" y="-84" width="108" height="28" rx="8" fill="${c.linear([[hsl(45, 55, 70)], [hsl(40, 60, 45)]], 1, 0)}"/>`;
}

function lipstick(c: Canvas, color: string): string {
  return `<rect x="-16" y="-70" width="32" height="70" rx="3" fill="${c.linear([["#222"], ["#666"], ["#111"]], 1, 0)}"/><rect x="-13" y="-90" width="26" height="22" fill="${hsl(45, 70, 55)}"/><path d="M-11 -90 V-118 L11 -132 V-90Z" fill="${color}"/>`;
}

function plate(c: Canvas, p: Palette): string {
  const food = [hsl(p.accent, 70, 45), hsl(100, 50, 40), hsl(30, 70, 50), hsl(p.hue, 70, 55)];
  const bits = Array.from({ length: 4 + c.detail * 2 }, (_, i) => `<ellipse cx="${r1(c.between(-55, 55))}" cy="${r1(c.between(-38, -14))}" rx="${r1(c.between(10, 24))}" ry="${r1(c.between(6, 12))}" fill="${food[i % food.length]}"/>`).join("");
  return `<ellipse cx="0" cy="-26" rx="120" ry="34" fill="${c.linear([["#fff"], ["#d8d8dc"]])}"/><ellipse cx="0" cy="-28" rx="82" ry="22" fill="#f4f4f6"/>${bits}`;
}

function wineGlass(c: Canvas, liquid: string): string {
  return `<path d="M-40 -200 Q-44 -120 0 -110 Q44 -120 40 -200Z" fill="#fff" opacity="0.3"/><path d="M-38 -160 Q-38 -118 0 -112 Q38 -118 38 -160Z" fill="${c.linear([[liquid], [hsl(0, 60, 18)]])}"/><rect x="-3" y="-112" width="6" height="104" fill="#fff" opacity="0.6"/><ellipse cx="0" cy="-6" rx="34" ry="7" fill="#fff" opacity="0.6"/><path d="M-30 -196 Q-34 -150 -20 -130" stroke="#fff" stroke-opacity="0.7" stroke-width="4" fill="none"/>`;
}

function cocktail(c: Canvas, liquid: string): string {
  return `<path d="M-70 -200 L70 -200 L0 -110Z" fill="#fff" opacity="0.3"/><path d="M-58 -188 L58 -188 L0 -116Z" fill="${c.linear([[liquid], [hsl(30, 90, 55)]])}"/><rect x="-3" y="-112" width="6" height="104" fill="#fff" opacity="0.6"/><ellipse cx="0" cy="-6" rx="36" ry="7" fill="#fff" opacity="0.6"/><circle cx="48" cy="-196" r="22" fill="${hsl(55, 90, 60)}"/><circle cx="48" cy="-196" r="16" fill="${hsl(55, 90, 80)}"/><path d="M-20 -240 L10 -150" stroke="${hsl(0, 70, 50)}" stroke-width="4"/>`;
}

function cakeStand(c: Canvas, p: Palette): string {
  const tier = (y: number, w: number) => {
    const cakes = Array.from({ length: Math.round(w / 30) }, (_, i) => `<rect x="${-w + 8 + i * 30}" y="${y - 22}" width="22" height="20" rx="6" fill="${hsl(p.hue + i * 40, 60, 70)}"/><circle cx="${-w + 19 + i * 30}" cy="${y - 24}" r="5" fill="${hsl(350, 80, 50)}"/>`).join("");
    return `${cakes}<ellipse cx="0" cy="${y}" rx="${w + 6}" ry="8" fill="${c.linear([["#fff"], ["#cfd0d6"]])}"/>`;
  };
  return `<rect x="-3" y="-190" width="6" height="190" fill="${hsl(45, 60, 55)}"/>${tier(-10, 110)}${tier(-80, 84)}${tier(-150, 56)}<circle cx="0" cy="-196" r="8" fill="${hsl(45, 60, 55)}"/>`;
}

function teacup(c: Canvas, color: string): string {
  return `<ellipse cx="0" cy="-4" rx="60" ry="12" fill="#f2f2f4"/><path d="M-42 -70 H42 Q40 -14 0 -12 Q-40 -14 -42 -70Z" fill="${c.linear([["#fff"], [color]])}"/><path d="M42 -58 q24 4 4 30" stroke="#fff" stroke-width="7" fill="none"/><ellipse cx="0" cy="-70" rx="42" ry="8" fill="${hsl(25, 60, 35)}"/>`;
}

function building(c: Canvas, p: Palette, width: number, height: number, roof: boolean): string {
  const wall = c.linear([[hsl(p.hue + 20, 25, 88)], [hsl(p.hue + 20, 20, 70)]]);
  const rows = Math.max(2, Math.floor(height / 40));
  const cols = Math.max(2, Math.floor(width / 36));
  let windows = "";
  for (let row = 0; row < rows; row++) {
    for (let col = 0; col < cols; col++) {
      const lit = c.rand() < 0.4;
      windows += `<rect x="${r1(-width / 2 + 12 + col * ((width - 24) / cols))}" y="${r1(-height + 14 + row * ((height - 40) / rows))}" width="${r1((width - 24) / cols - 10)}" height="${r1((height - 40) / rows - 12)}" fill="${lit ? "#ffe9a8" : hsl(210, 35, 40)}"/>`;
    }
  }
  const top = roof ? `<path d="M${-width / 2 - 10} ${-height} L0 ${-height - width * 0.35} L${width / 2 + 10} ${-height}Z" fill="${hsl(p.accent, 35, 35)}"/>` : "";
  return `${top}<rect x="${-width / 2}" y="${-height}" width="${width}" height="${height}" fill="${wall}"/>${windows}<rect x="-14" y="-30" width="28" height="30" fill="${hsl(p.accent, 40, 28)}"/>`;
}

function castle(c: Canvas, p: Palette): string {
  const stone = c.linear([[hsl(40, 12, 70)], [hsl(40, 12, 48)]]);
  const tower = (x: number, h: number) =>
    `<rect x="${x - 30}" y="${-h}" width="60" height="${h}" fill="${stone}"/>${[0, 1, 2].map((i) => `<rect x="${x - 30 + i * 22}" y="${-h - 14}" width="16" height="14" fill="${stone}"/>`).join("")}<rect x="${x - 7}" y="${-h + 30}" width="14" height="22" rx="7" fill="#3a3a44"/><path d="M${x} ${-h - 14} V${-h - 60}" stroke="#444" stroke-width="3"/><path d="M${x} ${-h - 60} l30 9 l-30 9Z" fill="${hsl(p.accent, 70, 45)}"/>`;
  return `<rect x="-110" y="-120" width="220" height="120" fill="${stone}"/>${tower(-110, 190)}${tower(110, 170)}${tower(0, 220)}<path d="M-22 0 V-50 Q0 -74 22 -50 V0Z" fill="#3a2b22"/>`;
}

function palm(c: Canvas): string {
  const fronds = Array.from({ length: 6 }, (_, i) => {
    const angle = -150 + i * 30 + c.between(-8, 8);
    return `<path d="M0 0 Q40 -30 90 10 Q40 -12 0 0Z" fill="${hsl(115 + i * 4, 55, 28 + (i % 3) * 6)}" transform="translate(12 -230) rotate(${r1(angle + 90)})"/>`;
  }).join("");
  return `<path d="M-8 0 Q-10 -120 12 -230 L20 -228 Q4 -120 8 0Z" fill="${c.linear([[hsl(30, 40, 45)], [hsl(28, 45, 30)]], 1, 0)}"/>${fronds}`;
}

function parasol(c: Canvas, color: string): string {
  return `<path d="M0 -150 V0" stroke="#eee" stroke-width="4"/><path d="M-80 -140 Q0 -210 80 -140 Q40 -150 0 -140 Q-40 -150 -80 -140Z" fill="${c.linear([[color], [hsl(0, 0, 100)]], 1, 0)}"/><rect x="-70" y="-22" width="90" height="10" rx="4" fill="${hsl(200, 60, 60)}" transform="rotate(-8)"/>`;
}

function skyline(c: Canvas, p: Palette, evening: boolean): void {
  let x = -10;
  while (x < 650) {
    const w = c.between(40, 90);
    const h = c.between(90, 250);
    const fill = c.linear([[hsl(p.hue + 200, 20, evening ? 28 : 55)], [hsl(p.hue + 200, 25, evening ? 18 : 40)]]);
    c.add(`<rect x="${r1(x)}" y="${r1(330 - h)}" width="${r1(w)}" height="${r1(h + 70)}" fill="${fill}"/>`);
    for (let wy = 330 - h + 12; wy < 320; wy += 18) {
      for (let wx = x + 8; wx < x + w - 10; wx += 14) {
        if (c.rand() < (evening ? 0.45 : 0.25)) c.add(`<rect x="${r1(wx)}" y="${r1(wy)}" width="7" height="9" fill="${evening ? "#ffd97a" : "#d9eefc"}" opacity="0.85"/>`);
      }
    }
    x += w + c.between(2, 10);
  }
}

function ship(c: Canvas, p: Palette): string {
  const hull = c.linear([["#ffffff"], ["#cfd6de"]]);
  return `<path d="M-220 -40 H230 L200 10 H-190Z" fill="${hsl(215, 50, 22)}"/><rect x="-190" y="-80" width="400" height="42" fill="${hull}"/><rect x="-150" y="-118" width="300" height="40" fill="${hull}"/><rect x="-100" y="-150" width="190" height="34" fill="${hull}"/>${Array.from({ length: 18 }, (_, i) => `<rect x="${-180 + i * 22}" y="-70" width="12" height="9" rx="2" fill="${hsl(205, 60, 40)}"/>`).join("")}<path d="M30 -150 L40 -200 H80 L84 -150Z" fill="${hsl(p.accent, 70, 45)}"/>`;
}

function balloon(c: Canvas, color: string): string {
  return `<path d="M0 -200 C-60 -200 -70 -130 -30 -80 L-14 -56 H14 L30 -80 C70 -130 60 -200 0 -200Z" fill="${c.linear([[color], [hsl(50, 90, 60)], [color]], 1, 0)}"/><path d="M-14 -56 L-12 -30 M14 -56 L12 -30" stroke="#5a4030" stroke-width="2"/><rect x="-14" y="-30" width="28" height="22" rx="3" fill="${hsl(28, 45, 38)}"/>`;
}

function car(c: Canvas, color: string): string {
  const body = c.linear([[hsl(0, 0, 100)], [color], [hsl(0, 0, 10)]]);
  return `<path d="M-150 -30 Q-150 -62 -110 -68 L-60 -74 Q-30 -112 30 -112 Q80 -112 110 -72 L140 -66 Q160 -60 160 -34 V-22 H-150Z" fill="${body}"/><path d="M-44 -74 Q-22 -102 20 -102 V-74Z M30 -102 Q70 -100 92 -74 H30Z" fill="${hsl(205, 45, 30)}" opacity="0.85"/>${[-90, 100].map((x) => `<circle cx="${x}" cy="-22" r="26" fill="#1d1d22"/><circle cx="${x}" cy="-22" r="12" fill="#c9ccd2"/>`).join("")}`;
}

function stageScene(c: Canvas, p: Palette): void {
  c.add(`<rect width="640" height="400" fill="${c.linear([[hsl(p.hue + 250, 50, 12)], [hsl(p.hue + 250, 40, 6)]])}"/>`);
  for (let i = 0; i < 3; i++) {
    const x = c.between(80, 560);
    c.add(`<path d="M${r1(x - 14)} 0 L${r1(x + 14)} 0 L${r1(x + 140 - i * 60)} 320 L${r1(x - 120 + i * 40)} 320Z" fill="${c.linear([[hsl(p.accent + i * 50, 90, 75), 0.75], [hsl(p.accent + i * 50, 90, 60), 0]])}"/>`);
  }
  const curtain = c.linear([[hsl(350, 75, 35)], [hsl(350, 80, 20)]], 1, 0);
  c.add(`<path d="M0 0 H120 Q90 160 60 320 H0Z" fill="${curtain}"/><path d="M640 0 H520 Q550 160 580 320 H640Z" fill="${curtain}"/>`);
  c.add(`<rect y="300" width="640" height="30" fill="${c.linear([[hsl(30, 40, 35)], [hsl(30, 40, 18)]])}"/>`);
  for (let i = 0; i < 14 + c.detail * 6; i++) {
    const x = c.fineBetween(-10, 650);
    const y = c.fineBetween(350, 410);
    c.add(`<circle cx="${r1(x)}" cy="${r1(y - 30)}" r="${r1(c.fineBetween(13, 18))}" fill="#05050a"/><ellipse cx="${r1(x)}" cy="${r1(y + 8)}" rx="30" ry="34" fill="#05050a"/>`);
  }
}

function cinemaScene(c: Canvas, p: Palette): void {
  c.add(`<rect width="640" height="400" fill="${hsl(p.hue + 230, 35, 8)}"/>`);
  c.add(`<rect x="80" y="30" width="480" height="200" rx="6" fill="${c.linear([[hsl(p.accent, 70, 70)], [hsl(p.hue, 70, 45)]], 1, 1)}"/>`);
  c.add(`<path d="M80 230 L0 300 H640 L560 230Z" fill="${c.radial(hsl(p.accent, 70, 70), "#000", 0.25, 0)}"/>`);
  for (let row = 0; row < 3; row++) {
    const y = 300 + row * 40;
    for (let x = -20 + (row % 2) * 30; x < 660; x += 60) {
      c.add(`<rect x="${x}" y="${y}" width="50" height="50" rx="10" fill="${c.linear([[hsl(350, 60, 38 - row * 6)], [hsl(350, 60, 18)]])}"/>`);
    }
  }
}

function dumbbell(c: Canvas, color: string): string {
  const plate = c.linear([[color], [hsl(0, 0, 15)]]);
  return `<rect x="-90" y="-34" width="180" height="12" rx="6" fill="${c.linear([["#eee"], ["#888"]])}"/>${[-80, -60, 60, 80].map((x) => `<rect x="${x - 9}" y="-62" width="18" height="66" rx="5" fill="${plate}"/>`).join("")}`;
}

function yogaMat(c: Canvas, color: string): string {
  return `<rect x="-90" y="-56" width="180" height="56" rx="28" fill="${c.linear([[color], [hsl(0, 0, 100)], [color]])}"/><circle cx="90" cy="-28" r="28" fill="${color}"/><circle cx="90" cy="-28" r="12" fill="#fff" opacity="0.4"/>`;
}

function kettlebell(c: Canvas, color: string): string {
  return `<path d="M-26 -110 Q-40 -150 0 -152 Q40 -150 26 -110" stroke="${color}" stroke-width="14" fill="none"/><circle cx="0" cy="-60" r="60" fill="${c.radial(hsl(0, 0, 70), color, 1, 1)}"/>`;
}

function headphones(c: Canvas, color: string): string {
  const cup = c.linear([[color], [hsl(0, 0, 10)]]);
  return `<path d="M-70 -60 Q-80 -190 0 -190 Q80 -190 70 -60" stroke="${hsl(0, 0, 20)}" stroke-width="14" fill="none"/><rect x="-96" y="-96" width="46" height="90" rx="20" fill="${cup}"/><rect x="50" y="-96" width="46" height="90" rx="20" fill="${cup}"/>`;
}

function phone(c: Canvas, p: Palette): string {
  return `<rect x="-50" y="-200" width="100" height="200" rx="16" fill="#1a1a1f"/><rect x="-44" y="-192" width="88" height="184" rx="11" fill="${c.linear([[hsl(p.hue, 80, 60)], [hsl(p.accent, 80, 45)]], 1, 1)}"/><rect x="-14" y="-188" width="28" height="7" rx="3" fill="#1a1a1f"/>`;
}

function speaker(c: Canvas, color: string): string {
  return `<rect x="-55" y="-170" width="110" height="170" rx="22" fill="${c.linear([[color], [hsl(0, 0, 12)]])}"/><circle cx="0" cy="-60" r="36" fill="#1e1e22"/><circle cx="0" cy="-60" r="14" fill="#3a3a42"/><circle cx="0" cy="-130" r="18" fill="#1e1e22"/>`;
}

function laptop(c: Canvas, p: Palette): string {
  return `<path d="M-130 -150 H130 V-20 H-130Z" fill="#202026"/><rect x="-120" y="-142" width="240" height="114" fill="${c.linear([[hsl(p.hue, 70, 65)], [hsl(p.accent, 70, 40)]], 1, 1)}"/><path d="M-160 -20 H160 L150 0 H-150Z" fill="${c.linear([["#d8dbe0"], ["#9da2aa"]])}"/>`;
}

function handbag(c: Canvas, color: string): string {
  return `<path d="M-40 -120 Q-40 -180 0 -180 Q40 -180 40 -120" stroke="${hsl(30, 40, 25)}" stroke-width="10" fill="none"/><path d="M-90 -120 H90 L76 0 H-76Z" fill="${c.linear([[color], [hsl(0, 0, 15)]])}"/><rect x="-14" y="-100" width="28" height="16" rx="3" fill="${hsl(45, 70, 55)}"/>`;
}

function watch(c: Canvas, color: string): string {
  return `<rect x="-22" y="-200" width="44" height="200" rx="10" fill="${c.linear([[color], [hsl(0, 0, 15)]], 1, 0)}"/><circle cx="0" cy="-100" r="52" fill="${c.linear([["#f0f0f0"], ["#9aa0a8"]], 1, 1)}"/><circle cx="0" cy="-100" r="42" fill="#fbfbfb"/><path d="M0 -100 V-130 M0 -100 L20 -90" stroke="#222" stroke-width="4" stroke-linecap="round"/>`;
}

function dress(c: Canvas, color: string): string {
  return `<path d="M0 -230 q10 0 8 -10 q-2 -8 -8 -6" stroke="#777" stroke-width="3" fill="none"/><path d="M-60 -200 L0 -226 L60 -200Z" stroke="#777" stroke-width="4" fill="none"/><path d="M-34 -204 L-44 -130 L-90 0 H90 L44 -130 L34 -204 Q0 -186 -34 -204Z" fill="${c.linear([[color], [hsl(0, 0, 10)]])}"/>`;
}

function sunglasses(): string {
  return `<path d="M-80 -30 Q-80 0 -46 0 Q-14 0 -12 -30Z M12 -30 Q14 0 46 0 Q80 0 80 -30Z" fill="#1d1d24"/><path d="M-12 -28 Q0 -36 12 -28" stroke="#1d1d24" stroke-width="5" fill="none"/>`;
}

function sofa(c: Canvas, color: string): string {
  const fabric = c.linear([[color], [hsl(0, 0, 18)]]);
  return `<rect x="-170" y="-140" width="340" height="80" rx="24" fill="${fabric}"/><rect x="-190" y="-90" width="380" height="70" rx="18" fill="${fabric}"/><rect x="-200" y="-110" width="44" height="90" rx="18" fill="${fabric}"/><rect x="156" y="-110" width="44" height="90" rx="18" fill="${fabric}"/><rect x="-150" y="-20" width="10" height="20" fill="#3a2a1a"/><rect x="140" y="-20" width="10" height="20" fill="#3a2a1a"/><rect x="-120" y="-132" width="80" height="56" rx="14" fill="${hsl(45, 60, 75)}"/>`;
}

function lamp(c: Canvas, color: string): string {
  return `<circle cx="0" cy="-200" r="90" fill="${c.radial("#fff2c4", "#fff2c4", 0.6, 0)}"/><path d="M-50 -170 L-30 -240 H30 L50 -170Z" fill="${c.linear([[color], [hsl(45, 80, 90)]])}"/><rect x="-3" y="-170" width="6" height="164" fill="#444"/><ellipse cx="0" cy="-4" rx="40" ry="8" fill="#333"/>`;
}

function bed(c: Canvas, color: string): string {
  return `<rect x="-220" y="-160" width="440" height="60" rx="8" fill="${hsl(28, 35, 35)}"/><rect x="-210" y="-110" width="420" height="90" rx="14" fill="${c.linear([["#ffffff"], ["#d9dde4"]])}"/><rect x="-210" y="-80" width="420" height="60" rx="12" fill="${c.linear([[color], [hsl(0, 0, 25)]])}"/><rect x="-180" y="-146" width="140" height="50" rx="20" fill="#fafafa"/><rect x="40" y="-146" width="140" height="50" rx="20" fill="#fafafa"/>`;
}

function giftBox(c: Canvas, color: string, ribbon: string, size: number): string {
  return `<rect x="${-size / 2}" y="${-size}" width="${size}" height="${size}" rx="4" fill="${c.linear([[color], [hsl(0, 0, 15)]], 1, 1)}"/><rect x="${-size / 2 - 6}" y="${-size - 12}" width="${size + 12}" height="22" rx="4" fill="${c.linear([[color], [hsl(0, 0, 30)]])}"/><rect x="-8" y="${-size - 12}" width="16" height="${size + 12}" fill="${ribbon}"/><path d="M0 ${-size - 12} C-40 ${-size - 50} -50 ${-size - 10} 0 ${-size - 12} C50 ${-size - 10} 40 ${-size - 50} 0 ${-size - 12}Z" fill="${ribbon}"/>`;
}

function blocks(c: Canvas, p: Palette): string {
  const colors = [hsl(p.hue, 80, 55), hsl(p.accent, 80, 55), hsl(p.hue + 120, 80, 55), hsl(50, 90, 55)];
  return [
    [-60, 0],
    [0, 0],
    [60, 0],
    [-30, -60],
    [30, -60],
    [0, -120],
  ]
    .map(([x, y], i) => `<rect x="${x - 28}" y="${y - 58}" width="56" height="56" rx="6" fill="${c.linear([[colors[i % 4]], [hsl(0, 0, 20)]], 1, 1)}"/><circle cx="${x}" cy="${y - 30}" r="10" fill="#fff" opacity="0.5"/>`)
    .join("");
}

function ball(c: Canvas, color: string): string {
  return `<circle cx="0" cy="-60" r="60" fill="${c.radial("#fff", color, 1, 1)}"/><path d="M-60 -60 Q0 -20 60 -60 M0 -120 Q-30 -60 0 0" stroke="#fff" stroke-width="6" fill="none" opacity="0.8"/>`;
}

function teddy(c: Canvas): string {
  const fur = c.radial(hsl(30, 55, 60), hsl(28, 50, 38), 1, 1);
  return `<ellipse cx="0" cy="-60" rx="58" ry="62" fill="${fur}"/><circle cx="0" cy="-150" r="46" fill="${fur}"/><circle cx="-38" cy="-188" r="18" fill="${fur}"/><circle cx="38" cy="-188" r="18" fill="${fur}"/><ellipse cx="0" cy="-136" rx="18" ry="13" fill="${hsl(35, 50, 78)}"/><circle cx="-16" cy="-160" r="5" fill="#222"/><circle cx="16" cy="-160" r="5" fill="#222"/><circle cx="0" cy="-140" r="5" fill="#222"/>`;
}

function tooth(c: Canvas): string {
  return `<path d="M-50 -160 Q-60 -210 -20 -206 Q0 -196 20 -206 Q60 -210 50 -160 Q44 -110 34 -40 Q28 -10 18 -40 Q10 -80 0 -80 Q-10 -80 -18 -40 Q-28 -10 -34 -40 Q-44 -110 -50 -160Z" fill="${c.linear([["#ffffff"], ["#dfe7ee"]], 1, 1)}"/>`;
}

function heart(color: string): string {
  return `<path d="M0 -20 C-60 -70 -90 -130 -50 -160 C-24 -180 0 -160 0 -140 C0 -160 24 -180 50 -160 C90 -130 60 -70 0 -20Z" fill="${color}"/>`;
}

// ---------------------------------------------------------------------------------------------
// Scenes: each has several compositions; a picture number picks one, the seed varies the rest.

type Composition = (c: Canvas, p: Palette) => void;

/** A shelf of props on a studio backdrop: left to right, with shadows, mid-sized. */
function lineUp(c: Canvas, _p: Palette, horizon: number, props: string[], scale: number): void {
  const gap = 560 / props.length;
  props.forEach((svg, i) => {
    const x = 40 + gap * (i + 0.5) + c.between(-15, 15);
    const y = horizon + 60 + c.between(0, 40);
    const s = scale * c.between(1, 1.25);
    c.shadow(x, y, 150 * s);
    c.place(x, y, s, svg);
  });
}

const SCENES: Record<SceneKind, Composition[]> = {
  spa: [
    (c, p) => {
      tableTop(c, p, 190);
      lineUp(c, p, 190, [candle(c, hsl(p.hue, 40, 85), 110), stones(c), plant(c, hsl(p.accent, 20, 80), hsl(p.hue, 60, 85))], 1);
    },
    (c, p) => {
      studio(c, p, 230);
      bokeh(c, p);
      lineUp(c, p, 230, [towel(c, hsl(p.hue, 35, 80)), candle(c, hsl(p.hue, 30, 92), 70), candle(c, hsl(p.hue, 30, 88), 120)], 0.95);
    },
    (c, p) => {
      c.add(`<rect width="640" height="400" fill="${c.linear([[hsl(p.hue, 35, 78)], [hsl(p.hue + 30, 40, 58)]], 1, 1)}"/>`);
      sea(c, 250, 180);
      c.add(`<rect x="0" y="240" width="640" height="20" fill="#fff" opacity="0.5"/>`);
      c.shadow(200, 300, 220);
      c.place(200, 300, 1, stones(c));
      c.place(470, 320, 0.9, candle(c, "#fff", 90));
    },
    (c, p) => {
      studio(c, p, 250);
      lineUp(c, p, 250, [plant(c, hsl(p.hue, 10, 90), null), towel(c, hsl(p.accent, 30, 85)), jar(c, hsl(p.hue, 30, 88))], 0.95);
    },
  ],
  beauty: [
    (c, p) => {
      studio(c, p, 250);
      bokeh(c, p);
      lineUp(c, p, 250, [bottle(c, hsl(p.hue, 60, 70), 140), lipstick(c, hsl(p.accent, 75, 45)), jar(c, hsl(p.hue, 40, 88))], 1);
    },
    (c, p) => {
      tableTop(c, p, 200);
      lineUp(c, p, 200, [lipstick(c, hsl(350, 75, 45)), bottle(c, hsl(p.hue, 60, 75), 110), lipstick(c, hsl(p.accent, 75, 50)), plant(c, hsl(p.hue, 20, 85), hsl(p.hue, 70, 80))], 0.9);
    },
    (c, p) => {
      c.add(`<rect width="640" height="400" fill="${c.linear([[hsl(p.hue, 70, 80)], [hsl(p.accent, 60, 70)]], 1, 1)}"/>`);
      c.add(`<circle cx="320" cy="200" r="170" fill="#fff" opacity="0.45"/>`);
      c.shadow(320, 330, 200);
      c.place(320, 330, 1.3, bottle(c, hsl(p.hue, 65, 65), 150));
    },
  ],
  food: [
    (c, p) => {
      tableTop(c, p, 150);
      c.shadow(300, 330, 300);
      c.place(300, 330, 1.5, plate(c, p));
      c.place(540, 300, 0.9, wineGlass(c, hsl(350, 70, 35)));
    },
    (c, p) => {
      tableTop(c, p, 170);
      c.place(180, 300, 1.1, plate(c, p));
      c.place(460, 380, 1.3, plate(c, { ...p, accent: p.accent + 60 }));
      c.place(590, 250, 0.7, wineGlass(c, hsl(45, 70, 70)));
    },
    (c, p) => {
      tableTop(c, p, 210);
      bokeh(c, p);
      lineUp(c, p, 210, [wineGlass(c, hsl(350, 70, 35)), plate(c, p), wineGlass(c, hsl(350, 70, 35))], 0.9);
    },
  ],
  drinks: [
    (c, p) => {
      tableTop(c, p, 230);
      lineUp(c, p, 230, [cocktail(c, hsl(p.hue, 85, 60)), cocktail(c, hsl(p.accent, 85, 55))], 1);
    },
    (c, p) => {
      tableTop(c, p, 220);
      lineUp(c, p, 220, [wineGlass(c, hsl(45, 80, 70)), cocktail(c, hsl(p.accent, 85, 60)), wineGlass(c, hsl(350, 70, 40))], 0.9);
    },
    (c, p) => {
      c.add(`<rect width="640" height="400" fill="${c.linear([[hsl(p.hue + 200, 50, 18)], [hsl(p.hue + 220, 50, 8)]])}"/>`);
      bokeh(c, { ...p, accent: 40 });
      c.add(`<rect y="290" width="640" height="110" fill="${c.linear([[hsl(28, 45, 35)], [hsl(24, 50, 18)]])}"/>`);
      c.shadow(320, 360, 180);
      c.place(320, 360, 1.35, cocktail(c, hsl(p.hue, 85, 60)));
    },
  ],
  "afternoon-tea": [
    (c, p) => {
      studio(c, p, 220);
      c.shadow(260, 330, 260);
      c.place(260, 330, 1.15, cakeStand(c, p));
      c.place(500, 340, 1, teacup(c, hsl(p.hue, 50, 85)));
    },
    (c, p) => {
      tableTop(c, p, 190);
      lineUp(c, p, 190, [teacup(c, hsl(p.hue, 50, 85)), cakeStand(c, p), teacup(c, hsl(p.accent, 50, 85))], 0.85);
    },
    (c, p) => {
      studio(c, p, 240);
      bokeh(c, p);
      c.place(330, 360, 1.4, cakeStand(c, p));
    },
  ],
  hotel: [
    (c, p) => {
      sky(c, p, false);
      hills(c, p, 250, 2);
      c.place(320, 330, 1, building(c, p, 260, 160, true));
      c.add(`<rect y="330" width="640" height="70" fill="${c.linear([[hsl(110, 40, 40)], [hsl(110, 40, 28)]])}"/>`);
    },
    (c, p) => {
      sky(c, p, true);
      hills(c, p, 270, 1);
      c.place(220, 340, 1, building(c, p, 300, 200, false));
      c.place(520, 350, 0.7, plant(c, hsl(20, 40, 40), null));
    },
    (c, p) => {
      studio(c, p, 260);
      c.place(320, 360, 1, bed(c, hsl(p.hue, 45, 55)));
      c.place(560, 270, 0.6, lamp(c, hsl(45, 60, 80)));
    },
  ],
  castle: [
    (c, p) => {
      sky(c, p, false);
      hills(c, p, 250, 2);
      c.place(320, 320, 1, castle(c, p));
    },
    (c, p) => {
      sky(c, p, true);
      hills(c, p, 280, 1);
      c.place(260, 340, 0.85, castle(c, p));
      sea(c, 360, 200);
    },
    (c, p) => {
      studio(c, p, 260);
      c.place(320, 360, 1, bed(c, hsl(p.accent, 40, 40)));
    },
  ],
  beach: [
    (c, p) => {
      sky(c, p, false);
      sea(c, 220);
      c.add(`<path d="M0 300 Q320 260 640 310 V400 H0Z" fill="${c.linear([[hsl(42, 70, 80)], [hsl(38, 60, 65)]])}"/>`);
      c.place(110, 360, 1, palm(c));
      c.place(420, 370, 0.9, parasol(c, hsl(p.accent, 80, 55)));
    },
    (c, p) => {
      sky(c, p, true);
      sea(c, 240, 210);
      c.add(`<path d="M0 330 Q320 300 640 340 V400 H0Z" fill="${c.linear([[hsl(38, 55, 65)], [hsl(34, 50, 45)]])}"/>`);
      c.place(540, 380, 1.1, palm(c));
      c.place(90, 390, 0.8, palm(c));
    },
    (c, p) => {
      sky(c, p, false);
      sea(c, 200, 180);
      c.place(320, 330, 0.9, building(c, p, 320, 150, false));
      c.add(`<rect y="330" width="640" height="70" fill="${c.linear([[hsl(42, 70, 80)], [hsl(38, 60, 65)]])}"/>`);
      c.place(80, 390, 0.9, palm(c));
    },
  ],
  city: [
    (c, p) => {
      sky(c, p, true);
      skyline(c, p, true);
      sea(c, 330, 230);
    },
    (c, p) => {
      sky(c, p, false);
      skyline(c, p, false);
      c.add(`<rect y="330" width="640" height="70" fill="${hsl(0, 0, 45)}"/>`);
    },
    (c, p) => {
      studio(c, p, 260);
      c.place(320, 360, 1, bed(c, hsl(p.hue, 45, 55)));
    },
  ],
  countryside: [
    (c, p) => {
      sky(c, p, false);
      hills(c, p, 230, 3);
      c.place(440, 300, 0.55, building(c, p, 160, 90, true));
    },
    (c, p) => {
      sky(c, p, true);
      hills(c, p, 250, 2);
      c.place(180, 330, 0.8, building(c, p, 200, 110, true));
    },
    (c, p) => {
      studio(c, p, 250);
      lineUp(c, p, 250, [teacup(c, hsl(p.hue, 40, 80)), plant(c, hsl(20, 40, 45), hsl(p.accent, 70, 65))], 1);
    },
  ],
  coast: [
    (c, p) => {
      sky(c, p, false);
      sea(c, 230);
      c.add(`<path d="M0 200 L180 250 L260 330 V400 H0Z" fill="${c.linear([[hsl(110, 30, 45)], [hsl(30, 30, 35)]])}"/>`);
      c.place(90, 250, 0.5, building(c, p, 140, 90, true));
    },
    (c, p) => {
      sky(c, p, true);
      sea(c, 250, 210);
      c.add(`<path d="M0 330 Q320 310 640 350 V400 H0Z" fill="${hsl(38, 45, 60)}"/>`);
      c.place(480, 340, 0.6, building(c, p, 200, 110, true));
    },
    (c, p) => {
      sky(c, p, false);
      sea(c, 220, 190);
      c.place(320, 360, 0.9, parasol(c, hsl(p.accent, 80, 55)));
    },
  ],
  cruise: [
    (c, p) => {
      sky(c, p, false);
      sea(c, 260);
      c.place(330, 300, 1, ship(c, p));
    },
    (c, p) => {
      sky(c, p, true);
      sea(c, 270, 220);
      c.place(300, 310, 0.8, ship(c, p));
    },
    (c, p) => {
      sky(c, p, false);
      sea(c, 240, 185);
      c.place(460, 270, 0.45, ship(c, p));
      c.place(100, 400, 1.1, palm(c));
    },
  ],
  adventure: [
    (c, p) => {
      sky(c, p, false);
      hills(c, p, 260, 2);
      c.place(220, 200, 0.9, balloon(c, hsl(p.accent, 80, 55)));
      c.place(470, 150, 0.5, balloon(c, hsl(p.hue, 80, 55)));
    },
    (c, p) => {
      sky(c, p, true);
      hills(c, p, 230, 3);
      c.place(400, 180, 0.7, balloon(c, hsl(p.accent, 85, 50)));
    },
    (c, p) => {
      studio(c, p, 250);
      lineUp(c, p, 250, [giftBox(c, hsl(p.hue, 70, 50), hsl(45, 90, 60), 110), ball(c, hsl(p.accent, 80, 55))], 1);
    },
  ],
  driving: [
    (c, p) => {
      sky(c, p, false);
      hills(c, p, 230, 1);
      c.add(`<path d="M260 230 H380 L640 400 H0Z" fill="${c.linear([[hsl(0, 0, 45)], [hsl(0, 0, 22)]])}"/><path d="M320 240 V400" stroke="#fff" stroke-width="6" stroke-dasharray="20 18"/>`);
      c.place(320, 380, 1.1, car(c, hsl(p.accent, 85, 45)));
    },
    (c, p) => {
      studio(c, p, 240);
      c.shadow(320, 340, 340);
      c.place(320, 340, 1.3, car(c, hsl(p.hue, 85, 45)));
    },
    (c, p) => {
      sky(c, p, true);
      c.add(`<rect y="300" width="640" height="100" fill="${hsl(0, 0, 25)}"/><path d="M0 350 H640" stroke="#fff" stroke-width="5" stroke-dasharray="30 24"/>`);
      c.place(300, 340, 1, car(c, hsl(p.accent, 80, 50)));
    },
  ],
  stage: [(c, p) => stageScene(c, p), (c, p) => stageScene(c, { ...p, accent: p.accent + 90 }), (c, p) => stageScene(c, { ...p, hue: p.hue + 40 })],
  cinema: [(c, p) => cinemaScene(c, p), (c, p) => cinemaScene(c, { ...p, accent: p.accent + 120 }), (c, p) => stageScene(c, p)],
  fitness: [
    (c, p) => {
      studio(c, p, 250);
      lineUp(c, p, 250, [dumbbell(c, hsl(p.accent, 70, 45)), kettlebell(c, hsl(p.hue, 30, 30))], 1.1);
    },
    (c, p) => {
      studio(c, p, 240);
      bokeh(c, p);
      lineUp(c, p, 240, [yogaMat(c, hsl(p.accent, 60, 60)), plant(c, hsl(p.hue, 10, 90), null)], 1);
    },
    (c, p) => {
      tableTop(c, p, 220);
      lineUp(c, p, 220, [kettlebell(c, hsl(p.accent, 60, 40)), dumbbell(c, hsl(p.hue, 60, 45)), yogaMat(c, hsl(p.hue, 60, 60))], 0.85);
    },
  ],
  health: [
    (c, p) => {
      studio(c, { ...p, hue: 195 }, 250);
      c.shadow(320, 340, 160);
      c.place(320, 340, 1.1, tooth(c));
    },
    (c, p) => {
      studio(c, { ...p, hue: 170 }, 250);
      lineUp(c, p, 250, [heart(hsl(350, 75, 55)), jar(c, hsl(p.hue, 30, 90))], 1);
    },
    (c, p) => {
      studio(c, { ...p, hue: 200 }, 240);
      lineUp(c, p, 240, [plant(c, "#fff", null), heart(hsl(350, 70, 60))], 1);
    },
  ],
  tech: [
    (c, p) => {
      studio(c, p, 250);
      c.shadow(320, 340, 220);
      c.place(320, 340, 1.2, headphones(c, hsl(p.accent, 60, 45)));
    },
    (c, p) => {
      studio(c, p, 250);
      bokeh(c, p);
      lineUp(c, p, 250, [phone(c, p), speaker(c, hsl(p.hue, 30, 35))], 1);
    },
    (c, p) => {
      tableTop(c, p, 210);
      c.place(300, 340, 1.2, laptop(c, p));
      c.place(540, 330, 0.7, plant(c, hsl(p.hue, 15, 88), null));
    },
    (c, p) => {
      studio(c, p, 240);
      lineUp(c, p, 240, [speaker(c, hsl(p.accent, 50, 40)), headphones(c, hsl(p.hue, 60, 50)), phone(c, p)], 0.85);
    },
  ],
  fashion: [
    (c, p) => {
      studio(c, p, 260);
      c.place(320, 350, 1.2, dress(c, hsl(p.accent, 70, 45)));
    },
    (c, p) => {
      studio(c, p, 250);
      lineUp(c, p, 250, [handbag(c, hsl(p.accent, 60, 40)), sunglasses(), watch(c, hsl(p.hue, 40, 30))], 0.95);
    },
    (c, p) => {
      tableTop(c, p, 200);
      c.place(230, 340, 1.1, handbag(c, hsl(p.hue, 70, 45)));
      c.place(470, 330, 1.2, sunglasses());
    },
  ],
  home: [
    (c, p) => {
      studio(c, p, 260);
      c.place(300, 370, 1, sofa(c, hsl(p.accent, 40, 45)));
      c.place(560, 290, 0.65, lamp(c, hsl(45, 60, 80)));
    },
    (c, p) => {
      studio(c, p, 250);
      c.place(320, 370, 1, bed(c, hsl(p.hue, 45, 55)));
    },
    (c, p) => {
      tableTop(c, p, 220);
      lineUp(c, p, 220, [plant(c, hsl(p.hue, 30, 85), null), lamp(c, hsl(p.accent, 50, 75)), jar(c, hsl(p.hue, 20, 90))], 0.8);
    },
  ],
  garden: [
    (c, p) => {
      sky(c, p, false);
      c.add(`<rect y="260" width="640" height="140" fill="${c.linear([[hsl(110, 50, 45)], [hsl(110, 50, 30)]])}"/>`);
      lineUp(c, p, 260, [plant(c, hsl(20, 50, 45), hsl(p.accent, 80, 65)), plant(c, hsl(20, 50, 40), hsl(p.hue, 80, 70)), plant(c, hsl(20, 50, 45), null)], 0.9);
    },
    (c, p) => {
      studio(c, { ...p, hue: 100 }, 250);
      c.place(320, 360, 1.4, plant(c, hsl(20, 55, 45), hsl(p.accent, 80, 65)));
    },
    (c, p) => {
      sky(c, p, true);
      hills(c, p, 270, 2);
      c.place(480, 390, 1.1, plant(c, hsl(20, 50, 40), hsl(p.hue, 80, 70)));
    },
  ],
  toys: [
    (c, p) => {
      studio(c, p, 260);
      c.shadow(260, 350, 200);
      c.place(260, 350, 1, blocks(c, p));
      c.place(480, 350, 0.9, ball(c, hsl(p.accent, 80, 55)));
    },
    (c, p) => {
      studio(c, p, 250);
      bokeh(c, p);
      lineUp(c, p, 250, [teddy(c), blocks(c, p)], 0.85);
    },
    (c, p) => {
      studio(c, p, 240);
      c.place(320, 360, 1.3, teddy(c));
    },
  ],
  gifts: [
    (c, p) => {
      studio(c, p, 250);
      bokeh(c, p);
      lineUp(c, p, 250, [giftBox(c, hsl(p.hue, 70, 50), hsl(45, 90, 60), 120), giftBox(c, hsl(p.accent, 70, 50), "#fff", 90), giftBox(c, hsl(p.hue + 60, 60, 55), hsl(350, 80, 55), 70)], 1);
    },
    (c, p) => {
      tableTop(c, p, 200);
      c.place(320, 350, 1.5, giftBox(c, hsl(p.accent, 70, 45), hsl(45, 90, 60), 120));
    },
    (c, p) => {
      studio(c, p, 250);
      lineUp(c, p, 250, [heart(hsl(350, 75, 55)), giftBox(c, hsl(p.hue, 60, 50), "#fff", 110)], 1);
    },
  ],
};

const SCENE_LABELS: Record<SceneKind, string> = {
  spa: "Spa",
  beauty: "Beauty products",
  food: "A meal",
  drinks: "Drinks",
  "afternoon-tea": "Afternoon tea",
  hotel: "A hotel",
  castle: "A castle",
  beach: "A beach",
  city: "A city",
  countryside: "The countryside",
  coast: "The coast",
  cruise: "A cruise ship",
  adventure: "A day out",
  driving: "A car",
  stage: "A stage",
  cinema: "A cinema",
  fitness: "Fitness",
  health: "Health",
  tech: "Gadgets",
  fashion: "Fashion",
  home: "Home",
  garden: "Garden",
  toys: "Toys",
  gifts: "Gifts",
};

/** Draws one picture (an SVG document). Deterministic: the same request gives the same bytes. */
export function renderDealImage(request: DealImageRequest): string {
  const { category, subCategory, dealId = 0, variant } = request;
  const width = request.width ?? BASE_WIDTH;
  const kind = sceneFor(category, subCategory);
  const compositions = SCENES[kind];
  const dealSeed = hash(`${category}/${subCategory ?? ""}/${dealId}`);
  // Detail is the only thing the width changes; it draws from its own generator so a narrow
  // picture keeps the wide one's layout.
  const layout = seededRandom(hash(`${dealSeed}:${variant}`));
  const detail = width >= 960 ? 2 : width >= 640 ? 1 : 0;
  const canvas = new Canvas(layout, detail, seededRandom(hash(`${dealSeed}:${variant}:fine`)));
  // Consecutive pictures of a deal take consecutive compositions, so a gallery never repeats one.
  const composition = compositions[(dealSeed + variant) % compositions.length];
  const hue = (dealSeed % 360) + variant * 47;
  const palette: Palette = { hue, accent: hue + 150 + layout() * 60, warm: layout() < 0.5 };
  composition(canvas, palette);
  if (detail > 0) canvas.add(`<rect width="640" height="400" fill="${canvas.radial("#000", "#000", 0, 0.22)}"/>`);
  return canvas.render(width, SCENE_LABELS[kind]);
}
