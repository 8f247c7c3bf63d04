/** The classes, skills and locale ids the stealing and hiding rules name (VB6 `e_Class`, `e_Skill`, `Msg*`). */

/** `e_Class` values with stealth rules of their own. */
export const StealthClass = {
  Hunter: 8, // Cazador
  Thief: 11, // Ladron
  Bandit: 12, // Bandido
  Pirate: 10, // Pirata
} as const;

/** Locale ids of hiding (VB6 `MSG_*` constants of `HandleWork`, `DoOcultarse`, the reveals). */
export const HIDE_MESSAGE = {
  /** Msg55 "¡Te has escondido entre las sombras!". */
  hidden: 55,
  /** Msg56: no hiding while sailing. */
  sailing: 56,
  /** Msg57 "¡No has logrado esconderte!". */
  failed: 57,
  /** Msg307 "Has vuelto a ser visible." (a walk, an attack). */
  visibleAgain: 307,
  /** Msg577: visible again because the logout countdown began (`Cerrar_Usuario`). */
  visibleOnLogout: 577,
  /** Msg704 "No podés ocultarte si estás montado.". */
  mounted: 704,
  /** Msg706 "No podés ocultarte si estas en consulta.". */
  inConsultation: 706,
  /** Msg707 "No podés ocultarte si estás invisible.". */
  invisible: 707,
  /** Msg708 "Una fuerza divina te impide ocultarte en esta zona.". */
  forbiddenHere: 708,
  /** Msg1023 "¡Has vuelto a ser visible!" (the time ran out, `DoPermanecerOculto`). */
  timeUp: 1023,
  /** Msg1115 "¡Has vuelto a ser visible!" (a yell, `HandleYell`). */
  yelled: 1115,
  /** Msg1127 "Ya estás oculto.". */
  alreadyHidden: 1127,
} as const;

/** Locale ids of stealing (VB6 `HandleWorkLeftClick` case Robar, `DoRobar`, `RobarObjeto`). */
export const STEAL_MESSAGE = {
  /** Msg8 (the priest's "too far", VB6 sends it first) then Msg1130 "Estás demasiado lejos.". */
  tooFarFirst: 8,
  tooFar: 1130,
  /** Msg714 "No podés robar aquí." (a safe-zone tile under either side). */
  notHere: 714,
  /** Msg715 "No a quien robarle!". */
  nobody: 715,
  /** Msg716 "¡No podés robar en zonas seguras!" (a safe map). */
  safeMap: 716,
  /** Msg1028 "No podes robarle a objetivos inmovilizados.". */
  victimHeld: 1028,
  /** Msg1029 "¡No puedes robar a usuarios en consulta!". */
  victimInConsultation: 1029,
  /** Msg1030 "Debes quitarte el seguro para robarle a un ciudadano…". */
  safeModeOn: 1030,
  /** Msg1031: the Royal Army never steals from citizens or the Army. */
  royalArmy: 1031,
  /** Msg1032: no stealing from the Chaos Legion when of it. */
  chaosLegion: 1032,
  /** Msg1034 / Msg1035 "Estás muy cansado/cansada para robar.", after the bubble 2129 "¡No tengo energía!". */
  tiredMale: 1034,
  tiredFemale: 1035,
  noEnergyBubble: 2129,
  /** Msg1037 to the victim, Msg1038 to its trade partner: the trade is cancelled by a theft. */
  tradeCancelledVictim: 1037,
  tradeCancelledPartner: 1038,
  /** Msg1039 "¡No has logrado robar nada!" to the thief; Msg1459 "¡¬1 ha intentado robarte!" to the victim. */
  failed: 1039,
  victimNoticedAttempt: 1459,
  /** Msg1040 "No has logrado robar ningun objeto.". */
  noItemFound: 1040,
  /** Msg1458 "Le has robado ¬1 monedas de oro a ¬2"; Msg1530 "¬1 te ha robado ¬2 monedas de oro.". */
  goldStolen: 1458,
  goldStolenVictim: 1530,
  /** Msg1460 "Has robado ¬1 ¬2"; Msg1531 "¬1 te ha robado ¬2 ¬3."; Msg1461 "Has hurtado ¬1 ¬2" (not a Thief). */
  itemStolen: 1460,
  itemStolenVictim: 1531,
  itemPilfered: 1461,
  /** Msg1867 "¬1 no tiene objetos."; Msg1868 "¬1 no tiene oro.". */
  victimHasNoItems: 1867,
  victimHasNoGold: 1868,
} as const;
