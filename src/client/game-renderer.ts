/**
 * Draws one frame of the game view on a canvas: terrain (cached chunks), exits, ground objects,
 * characters in depth order (invisible ones left out, our own drawn faint; the meditation ring at
 * their feet), arrows in flight, spell effects, names (a pet's marker), health and progress bars,
 * chat bubbles and the aiming crosshair, with the camera on the player's drawn position; blindness
 * darkens it all. With AO graphics and the
 * map's layers, the terrain is AO's: floor and overlays in the chunks, then row by row the
 * characters and layer 3, then the roofs (map-terrain.ts); without them, exactly our own art.
 * Browser only; everything it decides comes from pure modules.
 */
import { renderPosition } from "./animation.ts";
import { cameraFor, type Camera } from "./camera.ts";
import { actionBarAt } from "./action-bars.ts";
import {
  paintActionBar,
  paintBlindness,
  paintBubble,
  paintBurst,
  paintCharacter,
  paintCrosshair,
  paintExit,
  paintHealthBar,
  paintLayers,
  paintMeditationRing,
  paintName,
  paintObject,
  paintParticles,
  paintPetMarker,
  paintProjectile,
  paintTileText,
  paintTravelDot,
} from "./char-painter.ts";
import { charVisibility } from "./altered-states.ts";
import { burstShape, effectHue, effectProgress, liveEffects, meditationRing, particleOffsets, travelPoint } from "./spell-effects.ts";
import { PET_TEXT } from "./ui-text.ts";
import { CharacterKind } from "../protocol/index.ts";
import type { ClientSession } from "./client-session.ts";
import { liveCharTexts, swingOffset } from "./combat-rules.ts";
import { TILE_PX } from "./constants.ts";
import { ownChar, type CharView } from "./game-state.ts";
import { isNpcChar } from "./packet-reducer.ts";
import { characterLook, vbColourToCss } from "./procedural-art.ts";
import { nameColour } from "./status-rules.ts";
import { liveProjectiles, projectileSegment } from "./target-rules.ts";
import type { MapLayersDocument } from "../game/map-json/index.ts";
import type { SpriteLayer } from "./ao-sprites.ts";
import type { LiveMapGrid } from "./map-grid.ts";
import { buildMapTerrain, overlaps, placeOnTile, type MapTerrain, type TerrainSprite } from "./map-terrain.ts";
import type { SpriteIndex } from "./sprite-index.ts";
import { TileChunkCache, type TerrainImages } from "./tile-painter.ts";

const BACKGROUND = "#10141a";
/** Our own invisible char is drawn this opaque (others are not drawn at all). */
const FAINT_ALPHA = 0.4;
/** A floating text over a char starts this far above the middle of its tile (over the head) … */
const CHAR_TEXT_BASE_PX = 30;
/** … and each older one still showing over the same char this much higher, so they do not overlap. */
const CHAR_TEXT_LINE_PX = 12;

/** Loads AO images on demand (`<base>/<file>.png`); null until loaded or when missing. */
export class ImageCache implements TerrainImages {
  private readonly images = new Map<number, HTMLImageElement | "failed">();
  /** Bumped when an image arrives or fails, so cached drawings made without it are redone. */
  version = 0;
  constructor(private readonly baseUrl: string) {}

  get(file: number): CanvasImageSource | null {
    const known = this.images.get(file);
    if (known === undefined) {
      const image = new Image();
      image.onload = () => this.version++;
      image.onerror = () => {
        this.images.set(file, "failed");
        this.version++;
      };
      image.src = `${this.baseUrl}/${file}.png`;
      this.images.set(file, image);
      return null;
    }
    if (known === "failed" || !known.complete || known.naturalWidth === 0) return null;
    return known;
  }

  isLoading(file: number): boolean {
    const known = this.images.get(file);
    return known === undefined || (known !== "failed" && !known.complete);
  }
}

export class GameRenderer {
  private readonly tiles = new TileChunkCache();
  private readonly ctx: CanvasRenderingContext2D;
  /** The graphic layers of the map in play, when the server has them (set by the game screen). */
  private layers: MapLayersDocument | null = null;
  /** The terrain built from `layers` for `terrainGrid` with `terrainSprites`; rebuilt when any changes. */
  private terrain: MapTerrain | null = null;
  private terrainGrid: LiveMapGrid | null = null;
  private terrainSprites: SpriteIndex | null = null;
  private terrainLayers: MapLayersDocument | null = null;
  private width = 0;
  private height = 0;
  private pixelRatio = 1;
  /** Last camera used (tests and the HUD read it). */
  camera: Camera | null = null;
  /** The tile under the mouse (set by the game screen): the crosshair goes there while aiming. */
  aimTile: { readonly x: number; readonly y: number } | null = null;

  constructor(
    private readonly canvas: HTMLCanvasElement,
    private sprites: SpriteIndex,
    private readonly images: ImageCache | null,
  ) {
    const ctx = canvas.getContext("2d", { alpha: false });
    if (!ctx) throw new Error("this browser has no 2D canvas");
    this.ctx = ctx;
  }

  setSprites(sprites: SpriteIndex): void {
    this.sprites = sprites;
  }

  /** The graphic layers of a map (null: none); used while that map is the one in play. */
  setMapLayers(layers: MapLayersDocument | null): void {
    this.layers = layers;
  }

  /** The AO terrain of `map`, when there are AO images and layers for exactly that map. */
  private terrainOf(map: LiveMapGrid): MapTerrain | null {
    const layers = this.layers;
    if (!this.images || this.sprites.source !== "ao-graphics" || !layers || layers.id !== map.id || layers.width !== map.width || layers.height !== map.height) return null;
    if (!this.terrain || this.terrainLayers !== layers || this.terrainGrid !== map || this.terrainSprites !== this.sprites) {
      this.terrain = buildMapTerrain(layers, map.triggers, this.sprites);
      this.terrainGrid = map;
      this.terrainSprites = this.sprites;
      this.terrainLayers = layers;
    }
    return this.terrain;
  }

  /** Matches the backing store to the element's CSS size and the device pixel ratio. */
  resize(cssWidth: number, cssHeight: number, pixelRatio: number): void {
    this.width = Math.max(1, Math.floor(cssWidth));
    this.height = Math.max(1, Math.floor(cssHeight));
    this.pixelRatio = pixelRatio > 0 ? pixelRatio : 1;
    const w = Math.round(this.width * this.pixelRatio);
    const h = Math.round(this.height * this.pixelRatio);
    if (this.canvas.width !== w) this.canvas.width = w;
    if (this.canvas.height !== h) this.canvas.height = h;
  }

  draw(session: ClientSession, nowMs: number): void {
    const ctx = this.ctx;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.fillStyle = BACKGROUND;
    ctx.fillRect(0, 0, this.canvas.width, this.canvas.height);
    const map = session.map;
    const state = session.state;
    const me = ownChar(state);
    if (!map || !me) {
      this.camera = null;
      return;
    }
    const center = renderPosition(me, nowMs);
    const camera = cameraFor(center.x, center.y, this.width, this.height, map.width, map.height);
    this.camera = camera;
    const scale = camera.zoom * this.pixelRatio;
    ctx.setTransform(scale, 0, 0, scale, -camera.originX * scale, -camera.originY * scale);
    ctx.imageSmoothingEnabled = false;

    const terrain = this.terrainOf(map);
    const images = this.images;
    this.tiles.draw(ctx, map, camera.firstTileX, camera.firstTileY, camera.lastTileX, camera.lastTileY, terrain && images ? { terrain, images } : null);
    // The view in map pixels: pictures standing outside it may still reach into it.
    const view = [(camera.firstTileX - 1) * TILE_PX, (camera.firstTileY - 1) * TILE_PX, camera.lastTileX * TILE_PX, camera.lastTileY * TILE_PX] as const;

    for (const exit of map.exits.values()) {
      if (exit.x < camera.firstTileX || exit.x > camera.lastTileX || exit.y < camera.firstTileY || exit.y > camera.lastTileY) continue;
      paintExit(ctx, (exit.x - 1) * TILE_PX, (exit.y - 1) * TILE_PX, nowMs);
    }
    // Row pictures: layer 3, and ground objects taller than a tile (doors, signs, trees), drawn
    // row by row with the chars as AO does; flat objects lie under everything.
    const rowPictures: TerrainSprite[] = terrain ? terrain.upper.filter((sprite) => overlaps(sprite, ...view)) : [];
    let tallObjects = false;
    for (const object of state.objects.values()) {
      const picture = images ? this.sprites.objectPicture(object.objIndex) : null;
      if (picture && images!.get(picture.file)) {
        if (picture.h > TILE_PX) {
          rowPictures.push(placeOnTile(picture, object.x, object.y));
          tallObjects = true;
        } else {
          this.paintPicture(placeOnTile(picture, object.x, object.y));
        }
        continue;
      }
      paintObject(ctx, this.sprites.groundObject(object.objIndex), object.amount, (object.x - 1) * TILE_PX, (object.y - 1) * TILE_PX);
    }
    if (tallObjects) rowPictures.sort((a, b) => a.y - b.y || a.x - b.x);

    const everyone = [...state.chars.values()].map((char) => ({ char, at: renderPosition(char, nowMs) }));
    // Invisible chars are not drawn; their words still show (an invisible caster's are heard).
    const placed = everyone.filter(({ char }) => charVisibility(state, char.charIndex) !== "hidden");
    // Painter's order: farther north first, so southern chars overlap them.
    placed.sort((a, b) => a.at.y - b.at.y || a.at.x - b.at.x);
    // A row's pictures go over the chars of that row and under those of the rows south of it.
    let row = 0;
    const ring = meditationRing(nowMs);
    for (const { char, at } of placed) {
      while (row < rowPictures.length && rowPictures[row]!.y < char.y) this.paintPicture(rowPictures[row++]!);
      if (char.fx > 0) paintMeditationRing(ctx, (at.x - 1) * TILE_PX, (at.y - 1) * TILE_PX, ring.radius, ring.alpha);
      const faint = charVisibility(state, char.charIndex) === "faint";
      if (faint) {
        ctx.save();
        ctx.globalAlpha = FAINT_ALPHA;
      }
      this.paintChar(char, at.x, at.y, at.progress, nowMs);
      if (faint) ctx.restore();
    }
    while (row < rowPictures.length) this.paintPicture(rowPictures[row++]!);
    if (terrain) {
      // AO hides the roof of the house the player is in (it fades it; we take it away).
      const under = map.triggerAt(me.x, me.y);
      for (const roof of terrain.roofs) {
        if (roof.roofTrigger !== 0 && roof.roofTrigger === under) continue;
        if (overlaps(roof, ...view)) this.paintPicture(roof);
      }
    }
    // Arrows in flight, from the middle of the shooter's tile to the middle of the target's.
    for (const projectile of liveProjectiles(state, nowMs)) {
      const segment = projectileSegment(projectile, nowMs);
      paintProjectile(ctx, (segment.tailX - 0.5) * TILE_PX, (segment.tailY - 0.5) * TILE_PX, (segment.headX - 0.5) * TILE_PX, (segment.headY - 0.5) * TILE_PX);
    }
    // Spell effects: on the char where it is drawn now, or where it stood when it went.
    const drawnAt = new Map(placed.map(({ char, at }) => [char.charIndex, at] as const));
    const centre = (charIndex: number, x: number, y: number) => {
      const at = drawnAt.get(charIndex) ?? { x, y };
      return { x: (at.x - 0.5) * TILE_PX, y: (at.y - 0.5) * TILE_PX };
    };
    for (const effect of liveEffects(state, nowMs)) {
      const progress = effectProgress(effect, nowMs);
      const hue = effectHue(effect.look);
      const from = centre(effect.charIndex, effect.x, effect.y);
      if (effect.kind === "travel") {
        const to = centre(effect.toCharIndex, effect.toX, effect.toY);
        const dot = travelPoint(from.x, from.y, to.x, to.y, progress);
        paintTravelDot(ctx, dot.x, dot.y, hue);
      } else if (effect.kind === "burst") {
        const shape = burstShape(progress);
        paintBurst(ctx, from.x, from.y - TILE_PX * 0.3, hue, shape.radius, shape.alpha);
      } else {
        paintParticles(ctx, from.x, from.y, hue, particleOffsets(effect, progress));
      }
    }
    for (const { char, at } of placed) {
      const px = (at.x - 1) * TILE_PX;
      const py = (at.y - 1) * TILE_PX;
      paintName(ctx, char.name, nameColour(char.kind, char.status, char.privileges), px, py);
      if (char.kind === CharacterKind.Pet) paintPetMarker(ctx, PET_TEXT.marker, px, py);
      if (isNpcChar(char)) paintHealthBar(ctx, char.minHp, char.maxHp, px, py);
      const bar = actionBarAt(char, nowMs);
      if (bar) paintActionBar(ctx, bar.progress, bar.secondsLeft, px, py);
    }
    const aim = this.aimTile;
    if (state.target !== null && aim) paintCrosshair(ctx, (aim.x - 1) * TILE_PX, (aim.y - 1) * TILE_PX, nowMs);
    for (const { char, at } of everyone) {
      const bubble = state.bubbles.get(char.charIndex);
      if (!bubble) continue;
      const left = bubble.untilMs - nowMs;
      if (left <= 0) continue;
      paintBubble(ctx, bubble.text, vbColourToCss(bubble.color), (at.x - 1) * TILE_PX, (at.y - 1) * TILE_PX, left);
    }
    for (const text of state.tileTexts) {
      if (nowMs >= text.untilMs || text.x < camera.firstTileX || text.x > camera.lastTileX || text.y < camera.firstTileY || text.y > camera.lastTileY) continue;
      const progress = Math.max(0, (nowMs - text.startMs) / (text.untilMs - text.startMs));
      paintTileText(ctx, text.text, vbColourToCss(text.color), (text.x - 1) * TILE_PX, (text.y - 1) * TILE_PX, text.offsetY, progress, text.animated);
    }
    // Damage numbers and misses rise over the char (or where it fell); older ones a line higher.
    const stacked = new Map<number, number>();
    for (const text of liveCharTexts(state, nowMs).reverse()) {
      const at = drawnAt.get(text.charIndex) ?? { x: text.x, y: text.y };
      if (at.x < camera.firstTileX - 1 || at.x > camera.lastTileX + 1 || at.y < camera.firstTileY - 1 || at.y > camera.lastTileY + 1) continue;
      const line = stacked.get(text.charIndex) ?? 0;
      stacked.set(text.charIndex, line + 1);
      const progress = (nowMs - text.startMs) / (text.untilMs - text.startMs);
      paintTileText(ctx, text.text, vbColourToCss(text.color), (at.x - 1) * TILE_PX, (at.y - 1) * TILE_PX, CHAR_TEXT_BASE_PX + line * CHAR_TEXT_LINE_PX, progress, true);
    }
    // Blind: almost nothing shows but the player itself.
    if (state.ownStatus.blind) paintBlindness(ctx, (center.x - 0.5) * TILE_PX, (center.y - 0.5) * TILE_PX, ...view);
  }

  /** An AO picture at its place in map pixels; skipped while its image loads. */
  private paintPicture(sprite: TerrainSprite): void {
    const image = this.images?.get(sprite.picture.file);
    if (!image) return;
    const picture: SpriteLayer = sprite.picture;
    this.ctx.drawImage(image, picture.sx, picture.sy, picture.w, picture.h, sprite.left, sprite.top, picture.w, picture.h);
  }

  private paintChar(char: CharView, x: number, y: number, progress: number, nowMs: number): void {
    const lean = swingOffset(char, nowMs);
    const px = (x - 1) * TILE_PX + lean.dx;
    const py = (y - 1) * TILE_PX + lean.dy;
    const motion = { progress, stepCount: char.stepCount };
    const sprite = this.sprites.character(char, motion, nowMs);
    if (sprite.kind === "procedural") {
      paintCharacter(this.ctx, sprite.look, px, py);
      return;
    }
    if (this.images && paintLayers(this.ctx, sprite.layers, (file) => this.images!.get(file), px, py)) return;
    // AO images not loaded yet (or missing): our own art meanwhile.
    paintCharacter(this.ctx, characterLook(char, motion), px, py);
  }
}
