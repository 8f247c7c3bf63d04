/**
 * Object and spell numbers of the AO20 reference starter kit (character-creation.md §5.2, §5.4).
 * Object numbers are obj.dat indices of ao-org/Recursos @043cdf2; the 2024 obj.dat predates
 * them. Spell numbers are Hechizos.dat indices.
 */

export const OBJ_RED_POTION = 4335; // Poción de Vida (P)
export const OBJ_BLUE_POTION = 4336; // Poción de Maná (P)
export const OBJ_YELLOW_POTION = 4337; // Poción de Agilidad (P)
export const OBJ_GREEN_POTION = 4338; // Poción de Fuerza (P)
export const OBJ_VIOLET_POTION = 4334; // Poción Violeta (P)
export const OBJ_JOURMUT_TICKET = 3791; // Boleto de viaje a Jourmut
export const OBJ_BEGINNER_SWORD = 3487; // Espada del Principiante
export const OBJ_BEGINNER_SHIELD = 3488; // Escudo del Principiante
export const OBJ_BEGINNER_HELMET = 3489; // Casco del Principiante
export const OBJ_BEGINNER_RING = 3490; // Anillo del Principiante
export const OBJ_BEGINNER_BOW = 3491; // Arco del Principiante
export const OBJ_BEGINNER_ARROW = 3492; // Flecha del Principiante
export const OBJ_BEGINNER_HAT = 3493; // Sombrero del Principiante
export const OBJ_BEGINNER_FLUTE = 3494; // Flauta del Principiante
export const OBJ_BEGINNER_STAFF = 3495; // Bastón del Principiante
export const OBJ_BEGINNER_LUTE = 3496; // Laúd del Principiante
export const OBJ_BEGINNER_PISTOL = 3497; // Pistola del Principiante
export const OBJ_BEGINNER_BULLET = 3498; // Bala de Principiante
export const OBJ_BEGINNER_ARMOR = 3500; // Armadura del Principiante
export const OBJ_BEGINNER_TUNIC = 3502; // Túnica del Principiante
export const OBJ_RED_APPLE = 3684; // Manzana Roja (P)
export const OBJ_WATER_BOTTLE = 3685; // Botella de Agua (P)
export const OBJ_BEGINNER_DAGGER = 3686; // Daga del Principiante
export const OBJ_BEGINNER_KNUCKLES = 1353; // Nudillos del Principiante (name per code comment)
export const OBJ_WOLF_HELMET = 1778; // Casco de Lobo (name per code comment)

// Spell numbers (Hechizos.dat) of the reference kit.
export const SPELL_MAGIC_DART = 1; // Dardo Mágico
export const SPELL_SUMMON_WOLF = 7; // Invocar lobo
export const SPELL_HEAL_LIGHT_WOUNDS = 12; // Curar heridas leves
export const SPELL_MAGIC_WAVE = 291; // Onda Mágica

