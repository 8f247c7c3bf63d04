/**
 * Who sees what on one map: the area of interest of players (by session) and of NPCs (by char
 * index), and the create / move / remove fan-out. This is the only code that decides which
 * client hears of which char; systems say what happened ("moved", "left", "said this here") and
 * the view picks the recipients. A broadcast is encoded once and listed with all its recipients.
 */
import { blockOf, inView } from "../game/area/index.ts";
import { canSee } from "../game/staff/index.ts";
import { CharacterKind } from "../protocol/index.ts";
import { createAoi, GridAoi, type AoiMode, type AreaOfInterest } from "./area-of-interest.ts";
import type { EntityStore, NpcEntity, PlayerEntity } from "./entity-store.ts";
import type { MapPackets } from "./map-packets.ts";
import type { Outbox } from "./outbox.ts";

export class MapView {
  private readonly playerAoi: AreaOfInterest;
  private readonly npcAoi: GridAoi;
  private readonly scratchOld = new Set<number>();
  private readonly scratchNew = new Set<number>();
  private readonly recipients: number[] = [];
  private readonly creates: number[] = [];

  /**
   * The quest marker viewer `session` sees over `npc` in its `CharacterCreate`, null for an NPC
   * that gives no quests (then one frame serves every viewer). systems/quests.ts installs it.
   */
  npcSymbol: ((session: number, npc: NpcEntity) => number | null) | null = null;

  constructor(
    private readonly store: EntityStore,
    aoiMode: AoiMode,
    private readonly packets: MapPackets,
    private readonly outbox: Outbox,
  ) {
    this.playerAoi = createAoi(aoiMode, store.width, store.height);
    this.npcAoi = new GridAoi(store.width, store.height);
  }

  /** One frame to one player. */
  send(player: PlayerEntity, frame: Uint8Array): void {
    this.outbox.sendTo(player.session, frame);
  }

  /** One frame to every player who sees tile (x, y), except `exceptSession` (-1: nobody). */
  around(x: number, y: number, frame: Uint8Array, exceptSession = -1): void {
    const list = this.recipients;
    list.length = 0;
    this.playerAoi.forEachViewer(x, y, (id) => {
      if (id !== exceptSession) list.push(id);
    });
    if (list.length > 0) this.outbox.broadcast(list, list.length, frame);
  }

  /** One frame to every player on the map. */
  everyone(frame: Uint8Array): void {
    const list = this.recipients;
    list.length = 0;
    for (const player of this.store.players()) list.push(player.session);
    if (list.length > 0) this.outbox.broadcast(list, list.length, frame);
  }

  /** True when the two players' clients draw each other (the AO20 3×3-block window). */
  sees(a: PlayerEntity, b: PlayerEntity): boolean {
    return inView(a.x, a.y, b.x, b.y);
  }

  // ------------------------------------------------------------ membership

  /** A player now stands on the map (already in the store): its window, and it to the others. */
  playerAppeared(player: PlayerEntity): void {
    this.playerAoi.add(player.session, player.x, player.y);
    this.sendAreaEntry(player);
  }

  /** A player is gone from its tile (left, transferred): viewers erase it. */
  playerDisappeared(player: PlayerEntity, wasWarp: boolean): void {
    this.around(player.x, player.y, this.packets.characterRemove(player.charIndex, false, wasWarp), player.session);
    this.playerAoi.remove(player.session);
  }

  /** A player jumped within the map (an exit to the same map): erased where it was, entered where it is. */
  playerWarped(player: PlayerEntity, fromX: number, fromY: number): void {
    const removal = this.packets.characterRemove(player.charIndex, false, true);
    this.playerAoi.remove(player.session);
    this.around(fromX, fromY, removal, player.session);
    this.playerAoi.add(player.session, player.x, player.y);
    this.sendAreaEntry(player);
  }

  /** An NPC now stands on the map (already in the store): whoever sees its tile draws it. */
  npcAppeared(npc: NpcEntity): void {
    this.npcAoi.add(npc.charIndex, npc.x, npc.y);
    const list = this.recipients;
    list.length = 0;
    this.playerAoi.forEachViewer(npc.x, npc.y, (id) => list.push(id));
    this.broadcastNpcCreate(list, npc);
  }

  /** An NPC is gone (killed): viewers fade it out. */
  npcDisappeared(npc: NpcEntity): void {
    this.around(npc.x, npc.y, this.packets.characterRemove(npc.charIndex, true, false));
    this.npcAoi.remove(npc.charIndex);
  }

  /** True when some player's client shows tile (x, y) (VB6 `HayPCarea`). */
  isSeen(x: number, y: number): boolean {
    let seen = false;
    this.playerAoi.forEachViewer(x, y, (id) => {
      if (!seen) {
        const viewer = this.store.player(id);
        seen = viewer !== undefined && inView(viewer.x, viewer.y, x, y);
      }
    });
    return seen;
  }

  // ------------------------------------------------------------ changes

  /** A player turned or changed its looks: everyone in view, itself included. */
  playerChanged(player: PlayerEntity): void {
    if (player.adminInvisible === true) this.toViewersWhoSee(player, this.packets.characterChange(player));
    else this.around(player.x, player.y, this.packets.characterChange(player));
  }

  /**
   * A game master turned admin-invisible or visible again (`/INVISIBLE`, VB6 `DoAdminInvisible`):
   * the area's viewers who may not see it erase or draw it; those who still see it, and itself,
   * get `SetInvisible`.
   */
  adminInvisibilityChanged(player: PlayerEntity): void {
    const { packets, outbox, store } = this;
    const hidden = player.adminInvisible === true;
    const seeing: number[] = [];
    const blind: number[] = [];
    this.playerAoi.forEachViewer(player.x, player.y, (id) => {
      const viewer = store.player(id);
      if (!viewer) return;
      if (id !== player.session && !canSee(viewer, { session: player.session, privileges: player.privileges, adminInvisible: true })) blind.push(id);
      else seeing.push(id);
    });
    if (hidden) {
      if (blind.length > 0) outbox.broadcast(blind, blind.length, packets.characterRemove(player.charIndex, true, false));
    } else if (blind.length > 0) {
      outbox.broadcast(blind, blind.length, packets.characterCreate(player));
    }
    const all = hidden ? seeing : [...seeing, ...blind];
    if (all.length > 0) outbox.broadcast(all, all.length, packets.setInvisible(player.charIndex, hidden || isInvisible(player), player.x, player.y));
  }

  /**
   * A player's rank changed while it plays (its name's colour is in `CharacterCreate`): every
   * other client that draws it erases it and draws it again. Its own client keeps its char (a
   * removal of one's own char is what a map change looks like to the stock client).
   */
  playerRedrawn(player: PlayerEntity): void {
    this.toViewersWhoSee(player, this.packets.characterRemove(player.charIndex, false, false), player.session);
    this.toViewersWhoSee(player, this.packets.characterCreate(player), player.session);
  }

  /** One frame about `subject` to every viewer of its tile whose client draws it (`canSee`). */
  private toViewersWhoSee(subject: PlayerEntity, frame: Uint8Array, exceptSession = -1): void {
    const list = this.recipients;
    list.length = 0;
    this.playerAoi.forEachViewer(subject.x, subject.y, (id) => {
      const viewer = this.store.player(id);
      if (viewer && id !== exceptSession && canSee(viewer, subject)) list.push(id);
    });
    if (list.length > 0) this.outbox.broadcast(list, list.length, frame);
  }

  /**
   * A player stepped from (oldX, oldY) to where it stands now. Everyone who saw the old tile or
   * sees the new one hears of the step: a client that only now has the mover in its window gets
   * a create, the others a move (a client erases by itself a char that walked out of its window,
   * `Char_Move_by_Pos`). A mover crossing a block border gets `AreaChanged` and a create for
   * everything that came into its window.
   */
  playerMoved(player: PlayerEntity, oldX: number, oldY: number): void {
    const { session, x, y } = player;
    const { packets, outbox, store } = this;
    const moves = this.recipients;
    const creates = this.creates;
    moves.length = 0;
    creates.length = 0;
    const visit = (id: number): void => {
      if (id === session) return;
      const other = store.player(id);
      if (!other) return;
      if (inView(other.x, other.y, x, y) && !inView(other.x, other.y, oldX, oldY)) creates.push(id);
      else moves.push(id);
    };
    const sameBlock = blockOf(oldX) === blockOf(x) && blockOf(oldY) === blockOf(y);
    this.playerAoi.move(session, x, y);
    if (sameBlock && this.playerAoi.viewersFollowBlocks) {
      // Most steps stay in their block: the old tile's viewers are the new tile's, one pass.
      this.playerAoi.forEachViewer(x, y, visit);
    } else {
      const oldViewers = this.scratchOld;
      const newViewers = this.scratchNew;
      oldViewers.clear();
      newViewers.clear();
      this.playerAoi.forEachViewer(oldX, oldY, (id) => oldViewers.add(id));
      this.playerAoi.forEachViewer(x, y, (id) => newViewers.add(id));
      for (const id of newViewers) visit(id);
      for (const id of oldViewers) if (!newViewers.has(id)) visit(id);
    }
    // The symmetric list of newcomers, before an invisible mover is kept from those who may not see it.
    const cameIntoView = player.adminInvisible === true ? [...creates] : creates;
    if (player.adminInvisible === true) {
      keepViewersWhoSee(moves, store, player);
      keepViewersWhoSee(creates, store, player);
    }
    if (moves.length > 0) outbox.broadcast(moves, moves.length, packets.characterMove(player.charIndex, x, y));
    if (creates.length > 0) {
      outbox.broadcast(creates, creates.length, packets.characterCreate(player));
      if (isInvisible(player)) outbox.broadcast(creates, creates.length, this.setInvisibleOf(player));
    }

    if (!sameBlock) {
      // The client drops everything outside its new window on AreaChanged; it must be told
      // about everything that came into it (the same players as above, by symmetry).
      outbox.sendTo(session, packets.areaChanged(x, y));
      for (const id of cameIntoView) {
        const other = store.player(id)!;
        if (canSee(player, other)) this.createFor(session, other);
      }
      this.npcAoi.forEachViewer(x, y, (charIndex) => {
        const npc = store.npc(charIndex);
        if (npc && !inView(oldX, oldY, npc.x, npc.y)) outbox.sendTo(session, this.npcCreateFor(session, npc));
      });
      for (const object of store.objects()) {
        if (inView(x, y, object.x, object.y) && !inView(oldX, oldY, object.x, object.y)) {
          outbox.sendTo(session, packets.objectCreate(object.x, object.y, object.obj, object.amount));
        }
      }
    }
  }

  /** An NPC turned (or changed its looks): everyone who sees it. */
  npcChanged(npc: NpcEntity): void {
    this.around(npc.x, npc.y, this.packets.characterChange(npc));
  }

  /**
   * An NPC stepped from (oldX, oldY) to where it stands now: as `playerMoved`, everyone who saw
   * the old tile or sees the new one hears of it, once encoded: a move for those who already
   * had it in their window (or lose it now: the client erases it by itself), a create for those
   * who only now have it.
   */
  npcMoved(npc: NpcEntity, oldX: number, oldY: number): void {
    const { x, y } = npc;
    this.npcAoi.move(npc.charIndex, x, y);
    const { packets, outbox, store } = this;
    const moves = this.recipients;
    const creates = this.creates;
    moves.length = 0;
    creates.length = 0;
    const seenNew = this.scratchNew;
    seenNew.clear();
    this.playerAoi.forEachViewer(x, y, (id) => {
      const viewer = store.player(id);
      if (!viewer) return;
      seenNew.add(id);
      if (inView(viewer.x, viewer.y, oldX, oldY)) moves.push(id);
      else if (inView(viewer.x, viewer.y, x, y)) creates.push(id);
    });
    this.playerAoi.forEachViewer(oldX, oldY, (id) => {
      if (seenNew.has(id)) return;
      const viewer = store.player(id);
      if (viewer && inView(viewer.x, viewer.y, oldX, oldY)) moves.push(id);
    });
    if (moves.length > 0) outbox.broadcast(moves, moves.length, packets.characterMove(npc.charIndex, x, y));
    if (creates.length > 0) this.broadcastNpcCreate(creates, npc);
  }

  // ------------------------------------------------------------ internals

  /** AreaChanged, then creates for everything in the window, then the newcomer to the others. */
  private sendAreaEntry(player: PlayerEntity): void {
    const { packets, outbox, store } = this;
    const { session, x, y } = player;
    outbox.sendTo(session, packets.areaChanged(x, y));
    this.createFor(session, player);
    const others = this.recipients;
    others.length = 0;
    this.playerAoi.forEachViewer(x, y, (id) => {
      if (id === session) return;
      const other = store.player(id);
      if (!other) return;
      if (canSee(other, player)) others.push(id);
      if (canSee(player, other)) this.createFor(session, other);
    });
    this.npcAoi.forEachViewer(x, y, (charIndex) => {
      const npc = store.npc(charIndex);
      if (npc) outbox.sendTo(session, this.npcCreateFor(session, npc));
    });
    for (const object of store.objects()) {
      if (inView(x, y, object.x, object.y)) outbox.sendTo(session, packets.objectCreate(object.x, object.y, object.obj, object.amount));
    }
    if (others.length > 0) {
      outbox.broadcast(others, others.length, packets.characterCreate(player));
      if (isInvisible(player)) outbox.broadcast(others, others.length, this.setInvisibleOf(player));
    }
  }

  /**
   * A player's create for one client; an invisible one is then hidden (VB6 `MakeUserChar`
   * followed by `WriteSetInvisible`, `ModAreas`), so a viewer who only now sees it does not draw it.
   */
  private createFor(session: number, player: PlayerEntity): void {
    this.outbox.sendTo(session, this.packets.characterCreate(player));
    if (isInvisible(player)) this.outbox.sendTo(session, this.setInvisibleOf(player));
  }

  /**
   * An NPC's create for one client: a pet is drawn as "its own" by its master's client
   * (`CharacterCreate` isNpc 2, VB6 `MakeNPCChar`: `IIf(MaestroUser = sndIndex, 2, 1)`).
   */
  private npcCreateFor(session: number, npc: NpcEntity): Uint8Array {
    if (npc.master !== null && npc.master.session === session) return this.packets.characterCreate({ ...npc, isNpc: CharacterKind.Pet });
    const symbol = this.npcSymbol?.(session, npc) ?? null;
    return this.packets.characterCreate(symbol === null ? npc : { ...npc, symbol });
  }

  /** An NPC's create for `list` (reused scratch): its master, if listed, gets its own frame. */
  private broadcastNpcCreate(list: number[], npc: NpcEntity): void {
    const master = npc.master?.session;
    const at = master === undefined ? -1 : list.indexOf(master);
    if (at >= 0) {
      list[at] = list[list.length - 1]!;
      list.pop();
      this.outbox.sendTo(master!, this.npcCreateFor(master!, npc));
    }
    if (list.length === 0) return;
    // A quest NPC's marker is the viewer's own (quests.md §3.1): one create each.
    if (this.npcSymbol !== null && this.npcSymbol(list[0]!, npc) !== null) {
      for (const session of list) this.outbox.sendTo(session, this.npcCreateFor(session, npc));
      return;
    }
    this.outbox.broadcast(list, list.length, this.packets.characterCreate(npc));
  }

  private setInvisibleOf(player: PlayerEntity): Uint8Array {
    return this.packets.setInvisible(player.charIndex, true, player.x, player.y);
  }
}

/** Under an invisibility spell (systems/status.ts keeps the state until it ends), hidden (Ocultarse, kernel/hiding.ts), or admin-invisible (drawn so by the staff who see it). */
function isInvisible(player: PlayerEntity): boolean {
  return player.statusEffects.invisible !== undefined || player.hidden !== undefined || player.adminInvisible === true;
}

/** Drops from `list` (in place) the viewers whose client may not draw `subject`. */
function keepViewersWhoSee(list: number[], store: EntityStore, subject: PlayerEntity): void {
  let kept = 0;
  for (const id of list) {
    const viewer = store.player(id);
    if (viewer && canSee(viewer, subject)) list[kept++] = id;
  }
  list.length = kept;
}
