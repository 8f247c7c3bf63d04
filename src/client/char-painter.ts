/**
 * Draws characters, ground objects, names, chat bubbles and exit markers on the game canvas.
 * Coordinates are map pixels; (px, py) is always the top-left of the tile the thing stands on.
 * Browser only.
 */
import { Heading } from "../game/movement/index.ts";
import type { SpriteLayer } from "./ao-sprites.ts";
import { TILE_PX } from "./constants.ts";
import type { CharacterLook, ObjectLook } from "./procedural-art.ts";

const OUTLINE = "rgba(20, 15, 10, 0.85)";
const SHADOW = "rgba(0, 0, 0, 0.28)";
const NAME_FONT = "bold 11px system-ui, sans-serif";
const BUBBLE_FONT = "12px system-ui, sans-serif";
/** Widest chat bubble, in map pixels. */
const BUBBLE_MAX_WIDTH = 170;
const BUBBLE_LINE_HEIGHT = 14;
const BUBBLE_MAX_LINES = 4;
/** A ghost is drawn see-through. */
const GHOST_ALPHA = 0.55;

/** Draws a procedural character standing on the tile at (px, py). */
export function paintCharacter(ctx: CanvasRenderingContext2D, look: CharacterLook, px: number, py: number): void {
  const cx = px + TILE_PX / 2;
  const feet = py + TILE_PX - 3;
  ctx.save();
  if (look.ghost) ctx.globalAlpha = GHOST_ALPHA;
  ctx.fillStyle = SHADOW;
  ctx.beginPath();
  ctx.ellipse(cx, feet, 10 * look.scale, 3.5, 0, 0, Math.PI * 2);
  ctx.fill();
  ctx.translate(cx, feet - look.bob);
  ctx.scale(look.scale, look.scale);
  ctx.lineWidth = 1;
  ctx.strokeStyle = OUTLINE;
  switch (look.figure) {
    case "humanoid":
      paintHumanoid(ctx, look);
      break;
    case "spider":
      paintSpider(ctx, look);
      break;
    default:
      paintQuadruped(ctx, look);
  }
  ctx.restore();
}

/** Humanoid drawn around (0, 0) = between the feet. */
function paintHumanoid(ctx: CanvasRenderingContext2D, look: CharacterLook): void {
  const side = look.heading === Heading.East || look.heading === Heading.West;
  const facing = look.heading === Heading.West ? -1 : 1;
  const swing = look.stride * 4;
  // Legs.
  ctx.fillStyle = look.trousers;
  if (side) {
    ctx.fillRect(-3 + swing * facing, -10, 4, 10);
    ctx.fillRect(-1 - swing * facing, -10, 4, 10);
  } else {
    ctx.fillRect(-5, -10, 4, 10 - Math.max(0, swing) * 0.5);
    ctx.fillRect(1, -10, 4, 10 - Math.max(0, -swing) * 0.5);
  }
  // Shield behind the body when walking away.
  if (look.shield && look.heading === Heading.North) paintShield(ctx, 7, -17);
  // Body.
  ctx.fillStyle = look.tunic;
  roundRect(ctx, side ? -5 : -7, -24, side ? 10 : 14, 15, 3);
  ctx.fill();
  ctx.stroke();
  // Arms swing against the legs.
  ctx.fillStyle = look.skin;
  if (side) {
    ctx.fillRect(-2 - swing * facing * 0.6, -22, 3, 10);
  } else {
    ctx.fillRect(-10, -22 - swing * 0.4, 3, 10);
    ctx.fillRect(7, -22 + swing * 0.4, 3, 10);
  }
  // Head.
  ctx.fillStyle = look.skin;
  ctx.beginPath();
  ctx.arc(0, -30, 6.5, 0, Math.PI * 2);
  ctx.fill();
  ctx.stroke();
  // Hair: the back of the head when facing north, a fringe otherwise.
  ctx.fillStyle = look.hair;
  ctx.beginPath();
  if (look.heading === Heading.North) ctx.arc(0, -30, 6.5, 0, Math.PI * 2);
  else if (side) ctx.arc(-2 * facing, -32, 6, Math.PI * (facing > 0 ? 0.9 : 1.1), Math.PI * (facing > 0 ? 2.2 : -0.2), facing < 0);
  else ctx.arc(0, -32, 6.5, Math.PI, Math.PI * 2);
  ctx.fill();
  // Eyes show where the char looks.
  ctx.fillStyle = "#1b1b1b";
  if (look.heading === Heading.South) {
    ctx.fillRect(-3, -30, 2, 2);
    ctx.fillRect(1, -30, 2, 2);
  } else if (side) {
    ctx.fillRect(2 * facing - (facing < 0 ? 2 : 0) + facing, -30, 2, 2);
  }
  if (look.helmet) {
    ctx.fillStyle = "#9aa3ad";
    ctx.beginPath();
    ctx.arc(0, -31, 7, Math.PI, Math.PI * 2);
    ctx.fill();
    ctx.stroke();
  }
  if (look.weapon) {
    ctx.strokeStyle = "#c9ced6";
    ctx.lineWidth = 2;
    ctx.beginPath();
    const hand = side ? 1 * facing : 8.5;
    ctx.moveTo(hand, -14);
    ctx.lineTo(hand + (side ? 8 * facing : 0), side ? -20 : -28);
    ctx.stroke();
    ctx.lineWidth = 1;
    ctx.strokeStyle = OUTLINE;
  }
  if (look.shield && look.heading !== Heading.North) paintShield(ctx, side ? 3 * facing : -9, -17);
}

function paintShield(ctx: CanvasRenderingContext2D, x: number, y: number): void {
  ctx.fillStyle = "#8b5a2b";
  ctx.beginPath();
  ctx.arc(x, y, 4.5, 0, Math.PI * 2);
  ctx.fill();
  ctx.stroke();
}

/** Wolves and boars: a body on four legs, head towards the heading. */
function paintQuadruped(ctx: CanvasRenderingContext2D, look: CharacterLook): void {
  const side = look.heading === Heading.East || look.heading === Heading.West;
  const facing = look.heading === Heading.West ? -1 : 1;
  const swing = look.stride * 3;
  const long = side ? 12 : 7;
  ctx.strokeStyle = look.fur;
  ctx.lineWidth = 3;
  for (const [lx, phase] of [
    [-long + 3, 1],
    [long - 3, -1],
  ] as const) {
    ctx.beginPath();
    ctx.moveTo(lx, -8);
    ctx.lineTo(lx + (side ? swing * phase : 0), 0);
    ctx.stroke();
    ctx.beginPath();
    ctx.moveTo(lx + 2, -8);
    ctx.lineTo(lx + 2 - (side ? swing * phase : 0), 0);
    ctx.stroke();
  }
  ctx.lineWidth = 1;
  ctx.strokeStyle = OUTLINE;
  ctx.fillStyle = look.fur;
  ctx.beginPath();
  ctx.ellipse(0, -12, long, 6.5, 0, 0, Math.PI * 2);
  ctx.fill();
  ctx.stroke();
  const headX = side ? facing * (long + 2) : 0;
  const headY = look.heading === Heading.North ? -19 : look.heading === Heading.South ? -8 : -15;
  ctx.beginPath();
  ctx.arc(headX, headY, 5, 0, Math.PI * 2);
  ctx.fill();
  ctx.stroke();
  if (look.figure === "wolf") {
    ctx.beginPath();
    ctx.moveTo(headX - 4, headY - 3);
    ctx.lineTo(headX - 2, headY - 9);
    ctx.lineTo(headX, headY - 4);
    ctx.moveTo(headX + 4, headY - 3);
    ctx.lineTo(headX + 2, headY - 9);
    ctx.lineTo(headX, headY - 4);
    ctx.fill();
  }
  if (look.figure === "hare") {
    // Two long ears standing up from the head.
    ctx.beginPath();
    ctx.ellipse(headX - 2, headY - 8, 1.5, 5, -0.15, 0, Math.PI * 2);
    ctx.ellipse(headX + 2, headY - 8, 1.5, 5, 0.15, 0, Math.PI * 2);
    ctx.fill();
    ctx.stroke();
  }
  if (look.figure === "boar" && look.heading !== Heading.North) {
    ctx.fillStyle = "#f3ecd8";
    ctx.fillRect(headX - 4, headY + 2, 2, 3);
    ctx.fillRect(headX + 2, headY + 2, 2, 3);
  }
  if (look.heading !== Heading.North) {
    ctx.fillStyle = "#f5d142";
    ctx.fillRect(headX - 2 + (side ? facing * 2 : 0), headY - 1, 1.5, 1.5);
    if (!side) ctx.fillRect(headX + 1, headY - 1, 1.5, 1.5);
  }
}

function paintSpider(ctx: CanvasRenderingContext2D, look: CharacterLook): void {
  ctx.strokeStyle = look.fur;
  ctx.lineWidth = 1.5;
  for (let i = 0; i < 4; i++) {
    const reach = 9 + i;
    const lift = (i % 2 === 0 ? look.stride : -look.stride) * 2;
    const y = -9 + i * 2;
    ctx.beginPath();
    ctx.moveTo(-3, y - 2);
    ctx.lineTo(-reach, y - 5 + lift);
    ctx.lineTo(-reach - 2, y + 3);
    ctx.moveTo(3, y - 2);
    ctx.lineTo(reach, y - 5 - lift);
    ctx.lineTo(reach + 2, y + 3);
    ctx.stroke();
  }
  ctx.lineWidth = 1;
  ctx.strokeStyle = OUTLINE;
  ctx.fillStyle = look.fur;
  ctx.beginPath();
  ctx.ellipse(0, -9, 7, 6, 0, 0, Math.PI * 2);
  ctx.fill();
  ctx.stroke();
  ctx.fillStyle = "#c0392b";
  if (look.heading !== Heading.North) {
    ctx.fillRect(-3, -10, 2, 2);
    ctx.fillRect(1, -10, 2, 2);
  }
}

/** Draws AO sprite layers (images already loaded) for a char on the tile at (px, py). */
export function paintLayers(ctx: CanvasRenderingContext2D, layers: readonly SpriteLayer[], images: (file: number) => CanvasImageSource | null, px: number, py: number): boolean {
  for (const layer of layers) if (!images(layer.file)) return false;
  for (const layer of layers) {
    const image = images(layer.file)!;
    ctx.drawImage(image, layer.sx, layer.sy, layer.w, layer.h, px + layer.dx, py + layer.dy, layer.w, layer.h);
  }
  return true;
}

/** A ground object, drawn small in the middle of its tile. */
export function paintObject(ctx: CanvasRenderingContext2D, look: ObjectLook, amount: number, px: number, py: number): void {
  const cx = px + TILE_PX / 2;
  const cy = py + TILE_PX / 2 + 4;
  ctx.save();
  ctx.strokeStyle = OUTLINE;
  ctx.lineWidth = 1;
  ctx.fillStyle = look.colour;
  switch (look.shape) {
    case "coins":
      for (const [dx, dy] of [
        [-4, 2],
        [3, 3],
        [0, -1],
      ] as const) {
        ctx.beginPath();
        ctx.ellipse(cx + dx, cy + dy, 4, 2.5, 0, 0, Math.PI * 2);
        ctx.fill();
        ctx.stroke();
      }
      break;
    case "potion":
    case "drink":
      ctx.beginPath();
      ctx.arc(cx, cy + 2, 5, 0, Math.PI * 2);
      ctx.fill();
      ctx.stroke();
      ctx.fillStyle = "#d9d2c3";
      ctx.fillRect(cx - 1.5, cy - 7, 3, 5);
      break;
    case "food":
      ctx.beginPath();
      ctx.arc(cx, cy, 5, 0, Math.PI * 2);
      ctx.fill();
      ctx.stroke();
      ctx.fillStyle = "#3f7a2a";
      ctx.fillRect(cx, cy - 8, 2, 4);
      break;
    case "weapon":
      ctx.strokeStyle = "#c9ced6";
      ctx.lineWidth = 2;
      ctx.beginPath();
      ctx.moveTo(cx - 7, cy + 5);
      ctx.lineTo(cx + 7, cy - 6);
      ctx.stroke();
      break;
    case "armor":
      // A tunic: shoulders, body, a belt in the object's colour.
      ctx.beginPath();
      ctx.moveTo(cx - 8, cy - 6);
      ctx.lineTo(cx - 3, cy - 8);
      ctx.lineTo(cx + 3, cy - 8);
      ctx.lineTo(cx + 8, cy - 6);
      ctx.lineTo(cx + 6, cy - 1);
      ctx.lineTo(cx + 5, cy + 7);
      ctx.lineTo(cx - 5, cy + 7);
      ctx.lineTo(cx - 6, cy - 1);
      ctx.closePath();
      ctx.fill();
      ctx.stroke();
      ctx.fillStyle = OUTLINE;
      ctx.fillRect(cx - 5, cy + 1, 10, 2);
      break;
    case "shield":
      ctx.beginPath();
      ctx.moveTo(cx - 7, cy - 7);
      ctx.lineTo(cx + 7, cy - 7);
      ctx.lineTo(cx + 6, cy + 1);
      ctx.lineTo(cx, cy + 8);
      ctx.lineTo(cx - 6, cy + 1);
      ctx.closePath();
      ctx.fill();
      ctx.stroke();
      ctx.fillStyle = "#d9d2c3";
      ctx.fillRect(cx - 1, cy - 5, 2, 9);
      break;
    case "helmet":
      ctx.beginPath();
      ctx.arc(cx, cy + 2, 7, Math.PI, 0);
      ctx.lineTo(cx + 7, cy + 5);
      ctx.lineTo(cx - 7, cy + 5);
      ctx.closePath();
      ctx.fill();
      ctx.stroke();
      break;
    case "tool":
      ctx.strokeStyle = "#8a5a2b";
      ctx.lineWidth = 2;
      ctx.beginPath();
      ctx.moveTo(cx - 6, cy + 7);
      ctx.lineTo(cx + 4, cy - 4);
      ctx.stroke();
      ctx.fillStyle = "#c9ced6";
      ctx.strokeStyle = OUTLINE;
      ctx.lineWidth = 1;
      ctx.fillRect(cx + 1, cy - 8, 7, 5);
      ctx.strokeRect(cx + 1, cy - 8, 7, 5);
      break;
    case "scroll":
      ctx.fillStyle = "#e8dcb5";
      roundRect(ctx, cx - 7, cy - 5, 14, 10, 2);
      ctx.fill();
      ctx.stroke();
      ctx.fillStyle = look.colour;
      ctx.fillRect(cx - 1, cy - 5, 2, 10);
      break;
    case "jewel":
      ctx.beginPath();
      ctx.moveTo(cx, cy - 6);
      ctx.lineTo(cx + 5, cy);
      ctx.lineTo(cx, cy + 6);
      ctx.lineTo(cx - 5, cy);
      ctx.closePath();
      ctx.fill();
      ctx.stroke();
      break;
    case "door":
      // A shut door: a plank panel across the tile and the one left of it (a `Subtipo` 0 door covers both), with its handle.
      ctx.fillStyle = "#7a4a22";
      ctx.fillRect(px - TILE_PX + 2, py + 2, TILE_PX * 2 - 4, TILE_PX - 4);
      ctx.strokeRect(px - TILE_PX + 2, py + 2, TILE_PX * 2 - 4, TILE_PX - 4);
      ctx.strokeStyle = "#4f2f14";
      for (let i = 1; i < 4; i++) {
        const lx = px - TILE_PX + 2 + (i * (TILE_PX * 2 - 4)) / 4;
        ctx.beginPath();
        ctx.moveTo(lx, py + 3);
        ctx.lineTo(lx, py + TILE_PX - 3);
        ctx.stroke();
      }
      ctx.fillStyle = "#e0c060";
      ctx.fillRect(px + TILE_PX - 9, py + TILE_PX / 2 - 1, 3, 3);
      break;
    case "open-door":
      // Swung open: only the frame's posts and the leaf against the right post.
      ctx.fillStyle = "#5a3a1a";
      ctx.fillRect(px - TILE_PX + 2, py + 2, 3, TILE_PX - 4);
      ctx.fillRect(px + TILE_PX - 5, py + 2, 3, TILE_PX - 4);
      ctx.fillStyle = "#7a4a22";
      ctx.fillRect(px + TILE_PX - 11, py + 4, 6, TILE_PX - 8);
      ctx.strokeRect(px + TILE_PX - 11, py + 4, 6, TILE_PX - 8);
      break;
    case "sign":
      ctx.fillStyle = "#6b4423";
      ctx.fillRect(cx - 1.5, cy - 4, 3, 12);
      ctx.fillStyle = "#b07d45";
      ctx.fillRect(cx - 9, cy - 12, 18, 9);
      ctx.strokeRect(cx - 9, cy - 12, 18, 9);
      break;
    case "wood":
    case "campfire":
      ctx.strokeStyle = "#6b4423";
      ctx.lineWidth = 3;
      ctx.beginPath();
      ctx.moveTo(cx - 7, cy + 6);
      ctx.lineTo(cx + 7, cy + 2);
      ctx.moveTo(cx - 7, cy + 2);
      ctx.lineTo(cx + 7, cy + 6);
      ctx.stroke();
      if (look.shape === "campfire") {
        ctx.fillStyle = "#ff8c1a";
        ctx.beginPath();
        ctx.moveTo(cx - 5, cy + 3);
        ctx.quadraticCurveTo(cx - 4, cy - 6, cx, cy - 11);
        ctx.quadraticCurveTo(cx + 4, cy - 6, cx + 5, cy + 3);
        ctx.closePath();
        ctx.fill();
        ctx.fillStyle = "#ffe066";
        ctx.beginPath();
        ctx.moveTo(cx - 2, cy + 3);
        ctx.quadraticCurveTo(cx, cy - 5, cx + 2, cy + 3);
        ctx.closePath();
        ctx.fill();
      }
      break;
    default:
      roundRect(ctx, cx - 5, cy - 5, 10, 9, 2);
      ctx.fill();
      ctx.stroke();
  }
  if (amount > 1) {
    ctx.font = "bold 9px system-ui, sans-serif";
    ctx.textAlign = "right";
    ctx.lineWidth = 3;
    ctx.strokeStyle = "rgba(0,0,0,0.8)";
    ctx.strokeText(String(amount), px + TILE_PX - 2, py + TILE_PX - 2);
    ctx.fillStyle = "#fff";
    ctx.fillText(String(amount), px + TILE_PX - 2, py + TILE_PX - 2);
  }
  ctx.restore();
}

/** An exit: a pulsing ring with a chevron, so gates read as "walk here to leave". */
export function paintExit(ctx: CanvasRenderingContext2D, px: number, py: number, timeMs: number): void {
  const pulse = 0.5 + 0.5 * Math.sin(timeMs / 300);
  ctx.save();
  ctx.fillStyle = `rgba(120, 220, 255, ${0.18 + pulse * 0.17})`;
  ctx.fillRect(px + 2, py + 2, TILE_PX - 4, TILE_PX - 4);
  ctx.strokeStyle = `rgba(200, 245, 255, ${0.55 + pulse * 0.35})`;
  ctx.lineWidth = 2;
  ctx.strokeRect(px + 3, py + 3, TILE_PX - 6, TILE_PX - 6);
  ctx.restore();
}

/** The name under a char's feet. */
export function paintName(ctx: CanvasRenderingContext2D, name: string, colour: string, px: number, py: number): void {
  if (!name) return;
  ctx.save();
  ctx.font = NAME_FONT;
  ctx.textAlign = "center";
  ctx.textBaseline = "top";
  ctx.lineWidth = 3;
  ctx.strokeStyle = "rgba(0, 0, 0, 0.85)";
  ctx.strokeText(name, px + TILE_PX / 2, py + TILE_PX + 1);
  ctx.fillStyle = colour;
  ctx.fillText(name, px + TILE_PX / 2, py + TILE_PX + 1);
  ctx.restore();
}

/** A small health bar over a hurt NPC. */
export function paintHealthBar(ctx: CanvasRenderingContext2D, hp: number, maxHp: number, px: number, py: number): void {
  if (maxHp <= 0 || hp >= maxHp) return;
  const width = TILE_PX - 6;
  const filled = Math.max(0, Math.min(1, hp / maxHp)) * width;
  ctx.fillStyle = "rgba(0, 0, 0, 0.7)";
  ctx.fillRect(px + 3, py - 14, width, 4);
  ctx.fillStyle = "#d8433a";
  ctx.fillRect(px + 3, py - 14, filled, 4);
}

/** A chat bubble above a char's head; fades out in its last half second. */
export function paintBubble(ctx: CanvasRenderingContext2D, text: string, colour: string, px: number, py: number, msLeft: number): void {
  ctx.save();
  ctx.font = BUBBLE_FONT;
  const lines = wrap(ctx, text, BUBBLE_MAX_WIDTH - 12);
  const width = Math.min(BUBBLE_MAX_WIDTH, Math.max(...lines.map((line) => ctx.measureText(line).width)) + 12);
  const height = lines.length * BUBBLE_LINE_HEIGHT + 8;
  const x = px + TILE_PX / 2 - width / 2;
  const y = py - 18 - height;
  ctx.globalAlpha = Math.max(0, Math.min(1, msLeft / 500));
  ctx.fillStyle = "rgba(15, 15, 20, 0.78)";
  roundRect(ctx, x, y, width, height, 6);
  ctx.fill();
  ctx.beginPath();
  ctx.moveTo(px + TILE_PX / 2 - 4, y + height);
  ctx.lineTo(px + TILE_PX / 2, y + height + 5);
  ctx.lineTo(px + TILE_PX / 2 + 4, y + height);
  ctx.fill();
  ctx.fillStyle = colour;
  ctx.textAlign = "center";
  ctx.textBaseline = "top";
  lines.forEach((line, i) => ctx.fillText(line, px + TILE_PX / 2, y + 4 + i * BUBBLE_LINE_HEIGHT));
  ctx.restore();
}

function wrap(ctx: CanvasRenderingContext2D, text: string, maxWidth: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (ctx.measureText(candidate).width <= maxWidth || !line) line = candidate;
    else {
      lines.push(line);
      line = word;
    }
    if (lines.length >= BUBBLE_MAX_LINES) break;
  }
  if (line && lines.length < BUBBLE_MAX_LINES) lines.push(line);
  return lines.map((l) => (ctx.measureText(l).width > maxWidth ? `${l.slice(0, Math.max(1, Math.floor(l.length * (maxWidth / ctx.measureText(l).width)) - 1))}…` : l));
}

function roundRect(ctx: CanvasRenderingContext2D, x: number, y: number, w: number, h: number, r: number): void {
  ctx.beginPath();
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + w, y, x + w, y + h, r);
  ctx.arcTo(x + w, y + h, x, y + h, r);
  ctx.arcTo(x, y + h, x, y, r);
  ctx.arcTo(x, y, x + w, y, r);
  ctx.closePath();
}

/** How far an animated tile text rises over its life, in map pixels. */
const TILE_TEXT_RISE_PX = 18;

/**
 * A floating text over a tile ("+50" after picking up gold): centred above the tile, rising
 * and fading when `animated`; `progress` runs 0 → 1 over its life.
 */
export function paintTileText(ctx: CanvasRenderingContext2D, text: string, colour: string, px: number, py: number, offsetY: number, progress: number, animated: boolean): void {
  const rise = animated ? progress * TILE_TEXT_RISE_PX : 0;
  ctx.save();
  ctx.globalAlpha = animated ? Math.max(0, Math.min(1, 1.6 - progress * 1.6)) : 1;
  ctx.font = NAME_FONT;
  ctx.textAlign = "center";
  ctx.lineWidth = 3;
  ctx.strokeStyle = "rgba(0,0,0,0.85)";
  const x = px + TILE_PX / 2;
  const y = py + TILE_PX / 2 - offsetY - rise;
  ctx.strokeText(text, x, y);
  ctx.fillStyle = colour;
  ctx.fillText(text, x, y);
  ctx.restore();
}

/** Arrow shaft and head of a projectile in flight (`CreateProjectile`). */
const PROJECTILE_COLOUR = "#f3e2b3";
const PROJECTILE_HEAD_PX = 5;

/**
 * An arrow in flight from (tailX, tailY) to (headX, headY), map pixels: a shaft with a head
 * pointing where it flies.
 */
export function paintProjectile(ctx: CanvasRenderingContext2D, tailX: number, tailY: number, headX: number, headY: number): void {
  const angle = Math.atan2(headY - tailY, headX - tailX);
  ctx.save();
  ctx.lineCap = "round";
  ctx.strokeStyle = "rgba(0, 0, 0, 0.6)";
  ctx.lineWidth = 3.5;
  ctx.beginPath();
  ctx.moveTo(tailX, tailY);
  ctx.lineTo(headX, headY);
  ctx.stroke();
  ctx.strokeStyle = PROJECTILE_COLOUR;
  ctx.lineWidth = 1.5;
  ctx.stroke();
  ctx.fillStyle = PROJECTILE_COLOUR;
  ctx.beginPath();
  ctx.moveTo(headX, headY);
  ctx.lineTo(headX - PROJECTILE_HEAD_PX * Math.cos(angle - 0.45), headY - PROJECTILE_HEAD_PX * Math.sin(angle - 0.45));
  ctx.lineTo(headX - PROJECTILE_HEAD_PX * Math.cos(angle + 0.45), headY - PROJECTILE_HEAD_PX * Math.sin(angle + 0.45));
  ctx.closePath();
  ctx.fill();
  ctx.restore();
}

/** Where a progress bar sits over a char: above the head and the NPC health bar. */
const ACTION_BAR_TOP_PX = -24;
const ACTION_BAR_HEIGHT_PX = 5;

/** A progress bar over the char on the tile at (px, py), filled to `progress`, with the seconds left over it. */
export function paintActionBar(ctx: CanvasRenderingContext2D, progress: number, secondsLeft: number, px: number, py: number): void {
  const width = TILE_PX + 8;
  const left = px - 4;
  const top = py + ACTION_BAR_TOP_PX;
  ctx.save();
  ctx.fillStyle = "rgba(0, 0, 0, 0.75)";
  ctx.fillRect(left - 1, top - 1, width + 2, ACTION_BAR_HEIGHT_PX + 2);
  ctx.fillStyle = "#7fd0ff";
  ctx.fillRect(left, top, Math.max(0, Math.min(1, progress)) * width, ACTION_BAR_HEIGHT_PX);
  ctx.font = NAME_FONT;
  ctx.textAlign = "center";
  ctx.textBaseline = "bottom";
  ctx.lineWidth = 3;
  ctx.strokeStyle = "rgba(0, 0, 0, 0.85)";
  const text = `${secondsLeft} s`;
  ctx.strokeText(text, px + TILE_PX / 2, top - 2);
  ctx.fillStyle = "#d9f1ff";
  ctx.fillText(text, px + TILE_PX / 2, top - 2);
  ctx.restore();
}

/** The aiming crosshair on the tile at (px, py), pulsing gently. */
export function paintCrosshair(ctx: CanvasRenderingContext2D, px: number, py: number, timeMs: number): void {
  const cx = px + TILE_PX / 2;
  const cy = py + TILE_PX / 2;
  const radius = 10 + Math.sin(timeMs / 160);
  ctx.save();
  ctx.strokeStyle = "rgba(0, 0, 0, 0.7)";
  ctx.lineWidth = 3.5;
  crosshairPath(ctx, cx, cy, radius);
  ctx.stroke();
  ctx.strokeStyle = "#ff4d3d";
  ctx.lineWidth = 1.5;
  crosshairPath(ctx, cx, cy, radius);
  ctx.stroke();
  ctx.restore();
}

function crosshairPath(ctx: CanvasRenderingContext2D, cx: number, cy: number, radius: number): void {
  ctx.beginPath();
  ctx.arc(cx, cy, radius, 0, Math.PI * 2);
  for (const [dx, dy] of [
    [1, 0],
    [-1, 0],
    [0, 1],
    [0, -1],
  ] as const) {
    ctx.moveTo(cx + dx * (radius - 5), cy + dy * (radius - 5));
    ctx.lineTo(cx + dx * (radius + 5), cy + dy * (radius + 5));
  }
}

/** A spell's burst (`CreateFX`, `Fxpiso`) centred at (cx, cy), map pixels: a ring growing and fading in the effect's hue. */
export function paintBurst(ctx: CanvasRenderingContext2D, cx: number, cy: number, hue: number, radius: number, alpha: number): void {
  if (alpha <= 0) return;
  ctx.save();
  ctx.globalAlpha = alpha;
  const glow = ctx.createRadialGradient(cx, cy, 0, cx, cy, radius);
  glow.addColorStop(0, `hsla(${hue}, 100%, 85%, 0.9)`);
  glow.addColorStop(0.6, `hsla(${hue}, 95%, 60%, 0.45)`);
  glow.addColorStop(1, `hsla(${hue}, 90%, 50%, 0)`);
  ctx.fillStyle = glow;
  ctx.beginPath();
  ctx.arc(cx, cy, radius, 0, Math.PI * 2);
  ctx.fill();
  ctx.strokeStyle = `hsl(${hue}, 100%, 70%)`;
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.arc(cx, cy, radius, 0, Math.PI * 2);
  ctx.stroke();
  ctx.restore();
}

/** A puff of particles (`ParticleFX`, `ParticleFXToFloor`) around (cx, cy), map pixels. */
export function paintParticles(ctx: CanvasRenderingContext2D, cx: number, cy: number, hue: number, particles: readonly { readonly dx: number; readonly dy: number; readonly alpha: number }[]): void {
  ctx.save();
  for (const p of particles) {
    if (p.alpha <= 0) continue;
    ctx.globalAlpha = p.alpha;
    ctx.fillStyle = `hsl(${hue}, 100%, 72%)`;
    ctx.beginPath();
    ctx.arc(cx + p.dx, cy + p.dy, 2.2, 0, Math.PI * 2);
    ctx.fill();
  }
  ctx.restore();
}

/** A travelling particle (`ParticleFXWithDestino`) at (x, y), map pixels: a bright dot with a halo. */
export function paintTravelDot(ctx: CanvasRenderingContext2D, x: number, y: number, hue: number): void {
  ctx.save();
  ctx.fillStyle = `hsla(${hue}, 100%, 60%, 0.35)`;
  ctx.beginPath();
  ctx.arc(x, y, 7, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = `hsl(${hue}, 100%, 88%)`;
  ctx.beginPath();
  ctx.arc(x, y, 3.2, 0, Math.PI * 2);
  ctx.fill();
  ctx.restore();
}

/** The meditation FX on the char standing on the tile at (px, py): a pulsing ring at its feet. */
export function paintMeditationRing(ctx: CanvasRenderingContext2D, px: number, py: number, radius: number, alpha: number): void {
  const cx = px + TILE_PX / 2;
  const feet = py + TILE_PX - 4;
  ctx.save();
  ctx.globalAlpha = alpha;
  ctx.strokeStyle = "#8fb8ff";
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.ellipse(cx, feet, radius, radius * 0.38, 0, 0, Math.PI * 2);
  ctx.stroke();
  ctx.strokeStyle = "#d2c2ff";
  ctx.lineWidth = 1;
  ctx.beginPath();
  ctx.ellipse(cx, feet - 2, radius * 0.7, radius * 0.27, 0, 0, Math.PI * 2);
  ctx.stroke();
  ctx.restore();
}

/** The small marker under a pet's name (the tile at (px, py)): whose it is, at a glance. */
export function paintPetMarker(ctx: CanvasRenderingContext2D, text: string, px: number, py: number): void {
  ctx.save();
  ctx.font = "italic 9px system-ui, sans-serif";
  ctx.textAlign = "center";
  ctx.textBaseline = "top";
  ctx.lineWidth = 3;
  ctx.strokeStyle = "rgba(0, 0, 0, 0.85)";
  ctx.strokeText(text, px + TILE_PX / 2, py + TILE_PX + 13);
  ctx.fillStyle = "#b6f0a0";
  ctx.fillText(text, px + TILE_PX / 2, py + TILE_PX + 13);
  ctx.restore();
}

/**
 * Blindness (`Blind`): the view (map-pixel rectangle) goes dark but for a small glow around the
 * player at (cx, cy), as the stock client shows almost nothing then.
 */
export function paintBlindness(ctx: CanvasRenderingContext2D, cx: number, cy: number, left: number, top: number, right: number, bottom: number): void {
  ctx.save();
  const dark = ctx.createRadialGradient(cx, cy, TILE_PX * 0.8, cx, cy, TILE_PX * 2.4);
  dark.addColorStop(0, "rgba(0, 0, 0, 0.35)");
  dark.addColorStop(1, "rgba(0, 0, 0, 0.94)");
  ctx.fillStyle = dark;
  ctx.fillRect(left, top, right - left, bottom - top);
  ctx.restore();
}
