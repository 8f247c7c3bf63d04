import { mkdir, rm, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";

export type DataDirOutcome = { ok: true; path: string } | { ok: false; message: string };

/** Creates the data folder when missing and proves it can be written. */
export async function prepareDataDir(dataDir: string): Promise<DataDirOutcome> {
  const path = resolve(dataDir);
  const probe = join(path, `.write-probe-${process.pid}`);
  try {
    await mkdir(path, { recursive: true });
    await writeFile(probe, "ok");
    await rm(probe, { force: true });
    return { ok: true, path };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "error";
    return { ok: false, message: `data dir ${path} cannot be written (${code}); choose another with --data-dir or AO_DATA_DIR` };
  }
}
