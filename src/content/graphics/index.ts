/**
 * Public face of the client graphics context: parsers for the AO20 client indexes
 * (`Graficos.ini`/`graficos.ind`, `cabezas.ind`, `cascos.ind`, `fxs.ind`, `moldes.ini`,
 * `cuerpos.dat`, `armas.dat`, `escudos.dat`) into one JSON-serialisable {@link GraphicsIndex}
 * that the browser client draws sprites from. All parsers are pure; only `loadGraphicsIndex`
 * reads the disk.
 */
export {
  GraphicsIndexSchema,
  GrhSchema,
  StaticGrhSchema,
  AnimatedGrhSchema,
  HeadingGrhsSchema,
  FxSchema,
  MoldeSchema,
  AnimationSetSchema,
  BodySchema,
  MOLDE_ROW_HEADINGS,
  TILE_SIZE_PX,
  emptyGraphicsIndex,
  isAnimated,
  firstFrame,
  expandMolde,
  moldeRowSpeed,
  type GraphicsIndex,
  type Grh,
  type StaticGrh,
  type AnimatedGrh,
  type HeadingGrhs,
  type Fx,
  type Molde,
  type AnimationSet,
  type Body,
  type FrameRect,
} from "./graphics-index.ts";
export { parseGraficosIni, parseGraficosInd, MAX_GRH_ID, type GrhTable } from "./grh-table.ts";
export { parseHeadsInd, parseFxsInd, IND_HEADER_BYTES } from "./ind-indexes.ts";
export { parseMoldesIni, parseCuerposDat, parseArmasDat, parseEscudosDat } from "./ini-indexes.ts";
export { buildGraphicsIndex, type GraphicsIndexResult, type InitFileReader } from "./build-graphics-index.ts";
export { loadGraphicsIndex } from "./load-graphics-index.ts";
export { TruncatedError } from "./byte-reader.ts";
