/**
 * Importing original AO data into a world pack: `importWorld` and its report.
 */
export { importWorld, type ImportWorldOptions, type ImportResult, type ImportProgress } from "./import-world.ts";
export { loadImportKit, type ImportKit, type ImportKitOrigin } from "./starting-kit-source.ts";
export type { ImportReport, ImportedMapReport, ImportError, ImportWarning, ImportWarningCode } from "./report.ts";
export { crossCheckMaps, crossCheckCities, type SourcedMap, type TableLookups } from "./cross-checks.ts";
export { CaseInsensitiveNames, detectMapFormat, findAo20Maps, findAo013Maps, type Ao20MapFiles, type Ao013MapFiles } from "./map-files.ts";
