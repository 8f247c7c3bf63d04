/**
 * Draws one frame of the game view on a canvas: terrain (cached chunks), exits, ground objects,
 * characters in depth order, names, health bars and chat bubbles, with the camera on the
 * player's drawn position. Browser only; everything it decides comes from pure modules.
 */
import { renderPosition } from "./animation.ts";
import { cameraFor, type Camera } from "./camera.ts";
import { paintBubble, paintCharacter, paintExit, paintHealthBar, paintLayers, paintName, paintObject } from "./char-painter.ts";
import type { ClientSession } from "./client-session.ts";
import { TILE_PX } from "./constants.ts";
import { ownChar, type CharView } from "./game-state.ts";
import { isNpcChar } from "./packet-reducer.ts";
import { characterLook, nameColour, vbColourToCss } from "./procedural-art.ts";
import type { SpriteIndex } from "./sprite-index.ts";
import { TileChunkCache } from "./tile-painter.ts";

const BACKGROUND = "#10141a";

/** Loads AO images on demand (`<base>/<file>.png`); null until loaded or when missing. */
export class ImageCache {
  private readonly images = new Map<number, HTMLImageElement | "failed">();
  constructor(private readonly baseUrl: string) {}

  get(file: number): CanvasImageSource | null {
    const known = this.images.get(file);
    if (known === undefined) {
      const image = new Image();
      image.onerror = () => this.images.set(file, "failed");
      image.src = `${this.baseUrl}/${file}.png`;
      this.images.set(file, image);
      return null;
    }
    if (known === "failed" || !known.complete || known.naturalWidth === 0) return null;
    return known;
  }
}

export class GameRenderer {
  private readonly tiles = new TileChunkCache();
  private readonly ctx: CanvasRenderingContext2D;
  private width = 0;
  private height = 0;
  private pixelRatio = 1;
  /** Last camera used (tests and the HUD read it). */
  camera: Camera | null = null;

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

    this.tiles.draw(ctx, map, camera.firstTileX, camera.firstTileY, camera.lastTileX, camera.lastTileY);

    for (const exit of map.exits.values()) {
      if (exit.x < camera.firstTileX || exit.x > camera.lastTileX || exit.y < camera.firstTileY || exit.y > camera.lastTileY) continue;
      paintExit(ctx, (exit.x - 1) * TILE_PX, (exit.y - 1) * TILE_PX, nowMs);
    }
    for (const object of state.objects.values()) {
      paintObject(ctx, this.sprites.groundObject(object.objIndex), object.amount, (object.x - 1) * TILE_PX, (object.y - 1) * TILE_PX);
    }

    const placed = [...state.chars.values()].map((char) => ({ char, at: renderPosition(char, nowMs) }));
    // Painter's order: farther north first, so southern chars overlap them.
    placed.sort((a, b) => a.at.y - b.at.y || a.at.x - b.at.x);
    for (const { char, at } of placed) this.paintChar(char, at.x, at.y, at.progress, nowMs);
    for (const { char, at } of placed) {
      const px = (at.x - 1) * TILE_PX;
      const py = (at.y - 1) * TILE_PX;
      paintName(ctx, char.name, nameColour(char.kind, char.status, char.privileges), px, py);
      if (isNpcChar(char)) paintHealthBar(ctx, char.minHp, char.maxHp, px, py);
    }
    for (const { char, at } of placed) {
      const bubble = state.bubbles.get(char.charIndex);
      if (!bubble) continue;
      const left = bubble.untilMs - nowMs;
      if (left <= 0) continue;
      paintBubble(ctx, bubble.text, vbColourToCss(bubble.color), (at.x - 1) * TILE_PX, (at.y - 1) * TILE_PX, left);
    }
  }

  private paintChar(char: CharView, x: number, y: number, progress: number, nowMs: number): void {
    const px = (x - 1) * TILE_PX;
    const py = (y - 1) * TILE_PX;
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
