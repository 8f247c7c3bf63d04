/**
 * The LocaleMsg ids VB6 sends with the item rules' refusals and notices
 * (ao-org/argentum-online-server `Codigo/modMessageIDs.bas`, `Codigo/LocaleDef.bas`), keyed by
 * the reason or notice names the rules return. Rules return names, never text; the messages
 * catalogue (`game/messages`) maps them to what the client shows, using these ids.
 */
export const ITEM_LOCALE_IDS = {
  /** MsgInventoryIsFull. */
  inventory_full: 328,
  /** MSG_NO_ESPACIO_DESBLOQUEADO: a slot past the patron tier. */
  slot_locked: 1235,
  /** MSG_THREAD_NOT_STRONG_ENOUGH. */
  line_too_weak: 2170,
  /** MSG_SOLO_PUEDES_ELIMINAR_ITEMS_ZONA_SEGURA. */
  delete_not_safe_map: 1285,
  /** MSG_NO_PUEDE_ELIMINAR_ITEMS_CUANDO_MUERTO. */
  delete_dead: 1286,
  /** MSG_OBJETO_ELIMINADO_CORRECTAMENTE. */
  deleted: 1287,
  /** MSG_NO_PUEDES_ELIMINAR_OBJETO_ESTANDO_EQUIPADO. */
  delete_equipped: 1288,
  /** MSG_SKIN_DELETE_DISABLED_TEMP. */
  delete_disabled: 2255,
  /** MSG_MUERTO. */
  dead: 77,
  /** MSG_MUERTO_SOLO_PODES_USAR_ITEMS_CUANDO_VIVO_1136 (`eEquipItem` while dead). */
  equip_dead: 1136,
  /** MsgCantEquipYet: an effect blocks that equipment kind. */
  slot_disabled: 442,
  /** MSG_JAIL_OBJECT_ONLY_IN_JAIL. */
  jail_object: 2226,
  /** MSG_HAY_ERROR_OBJETO_INFORMALE_ADMINISTRADOR: no body for this character. */
  no_body: 676,
  /** MSG_SOLO_PUEDES_EQUIPAR_OBJETO_SI_TUS_ESTADISTICAS_ESTAN. */
  needs_full_vitals: 2091,
  /** MSG_DEBES_EQUIPAR_ARCO_USAR_FLECHAS. */
  no_bow: 2145,
  /** MSG_NO_ARMA_EQUIPADA_PERMITE_USAR_FLECHAS. */
  not_a_bow: 2146,
  /** MSG_NO_PODES_EQUIPAR_FLECHA_ARCO_ACTUAL. */
  arrow_too_strong: 2147,
  /** MSG_NO_FLECHA_FUE_DESEQUIPADA_PORQUE_COMPATIBLE_ARCO_ACTUAL. */
  arrows_unequipped: 2148,
  /** MSG_NO_PUEDES_USAR_ARMAS_DOS_MANOS_SI_TIENES_ESCUDO. */
  shield_removed_for_two_handed: 674,
  /** MSG_NO_PUEDES_EQUIPAR_ESCUDO_SI_TIENES_ARMA_DOS_MANOS. */
  two_handed_removed_for_shield: 677,
  /** MSG_CANNOT_USE_ITEMS_STUNNED. */
  stunned: 395,
  /** MSG_SOLO_PODES_USAR_OBJETO_MAPAS_SEGUROS. */
  safe_map_only: 678,
  /** MSG_SOLO_NEWBIES_PUEDEN_USAR_OBJETOS. */
  newbie_only: 679,
  /** MSG_MUY_CANSADO (with the over-head MSG_NO_ENERGY 2129). */
  too_tired: 93,
  /** MSG_MUST_EQUIP_TOOL_FIRST. */
  equip_tool_first: 376,
  /** MSG_DEBES_HACER_CLICK_DERECHO_SOBRE_YUNQUE. */
  use_anvil: 680,
  /** MSG_DEBES_ESPERAR_MOMENTOS_TOMAR_OTRA_POCION. */
  potion_too_soon: 681,
  /** MSG_DIVINE_BLOOD_CANNOT_MIX_WITH_MORTAL_BLOOD. */
  divine_blood: 2096,
  /** MSG_CANNOT_CONSUME_LOWER_MOUNT_LEVEL. */
  rider_level_too_low: 2079,
  /** MSG_CURADO_ENVENENAMIENTO. */
  poison_cured: 682,
  /** MSG_ENCUENTRAS_ENVENENADO: "you are not poisoned". */
  not_poisoned: 683,
  /** MSG_REMOVIDO_PARALIZIS. */
  paralysis_cured: 684,
  /** MSG_NO_PARALIZADO. */
  not_paralyzed: 685,
  /** MSG_NO_RAYOS_TOCO_MISMA_CABEZA_ITEM_CONSUMIDO_TIENES_OTRA. */
  same_head: 686,
  /** MSG_NO_TIENE_EFECTO. */
  no_effect: 687,
  /** MSG_ESCONDIDO_ENTRE_SOMBRAS_688. */
  now_invisible: 688,
  /** MSG_INVISIBLE: "already invisible". */
  already_invisible: 689,
  /** MSG_DONADOR_SENTIS_SANO_LLENO. */
  fully_restored: 690,
  /** MSG_NO_RAYOS_PUDE_ASIGNARTE_CABEZA_NUEVA_ITEM_CONSUMIDO_PROBA. */
  same_legendary_head: 888,
  /** MSG_NO_HAY_AGUA_ALLI. */
  no_water_there: 902,
  /** MSG_DEBES_ACERCARTE_MAS_AGUA. */
  water_too_far: 903,
  /** MSG_DEMASIADO_HAMBRIENTO_SEDIENTO. */
  too_hungry_to_learn: 904,
  /** MSG_TENES_ESE_HECHIZO: the scroll's spell is in the book already. */
  spell_known: 525,
  /** MSG_NO_TENES_ESPACIO_MAS_HECHIZOS: the book is full. */
  no_spell_slot: 777,
  /** MSG_NO_MAS_INTENTAS_PODES_COMPRENDER_MANUESCRITO. */
  cannot_learn: 906,
  /** MSG_NO_HAY_PELIGRO_AQUI_ZONA_SEGURA. */
  horn_safe_map: 907,
  /** MSG_SOLO_MIEMBROS_ARMADA_REAL_PUEDEN_USAR_CUERNO. */
  horn_royal_only: 908,
  /** MSG_SOLO_MIEMBROS_LEGION_OSCURA_PUEDEN_USAR_CUERNO. */
  horn_chaos_only: 910,
  /** MSG_LOOT_BOX_OPENED (param: the chest's name). */
  chest_opened: 1984,
  /** MSG_PICKUP_UNAVAILABLE: nothing to pick up. */
  nothing_here: 261,
  /** MSG_NO_SPACE_ON_GROUND. */
  no_space_on_ground: 262,
  /** MSG_CANNOT_DROP_ITEMS_IN_JAIL (picking up in the jail area). */
  pick_up_in_jail: 2110,
  /** MSG_CANNOT_PICK_UP_ITEMS_IN_JAIL (dropping in the jail area; VB6 swaps the names). */
  drop_in_jail: 2109,
  /** MSG_DEBES_DESCENDER_MONTURA_AGARRAR_OBJETOS_SUELO. */
  pick_up_mounted: 672,
  /** MSG_NO_PODES_TOMAR_NINGUN_OBJETO (low GM ranks). */
  pick_up_forbidden: 695,
  /** MSG_DEBES_DESCENDER_MONTURA_DEJAR_OBJETOS_SUELO. */
  drop_mounted: 699,
  /** MSG_NO_PUEDEN_TIRAR_OBJETOS_NEWBIES. */
  drop_newbie_item: 701,
  /** MSG_NO_ACCION_PERMITIDA (`Intirable`, `Instransferible`). */
  drop_forbidden: 702,
  /** MSG_TIRAR_BARCA_DEBERIAS_ESTAR_TIERRA_FIRME. */
  drop_ship_while_sailing: 703,
  /** MSG_NO_TIENES_SUFICIENTE_DINERO. */
  not_enough_gold: 1082,
  /** MSG_NO_SIENTO_PUEDO_COMPRARTE_ESE_ITEM. */
  npc_will_not_buy: 1084,
} as const;
export type ItemLocaleName = keyof typeof ITEM_LOCALE_IDS;
