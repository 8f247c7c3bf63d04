/**
 * Browser entry point of the client page (bundled by Bun from index.html).
 */
import { App } from "./app.ts";

const root = document.getElementById("app");
if (root) new App(root).start();
