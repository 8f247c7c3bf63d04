/**
 * The staff's forms in the browser (staff-form-rules.ts, the session): the MOTD editor and the
 * SOS panel as `ShowMOTDEditionForm` and `ShowSOSForm` open them, with real server packets, and
 * the packets the forms send (`SetMOTD`, `SOSRemove`).
 */
import { describe, expect, test } from "bun:test";
import { JOINED_LIST_SEPARATOR, SOS_FIELD_SEPARATOR } from "../protocol/index.ts";
import { loggedInSession, serverBody } from "./client-fixtures.test-support.ts";
import { motdForEditing, motdForSending, parseSosRequests } from "./staff-form-rules.ts";

const entry = (...fields: string[]) => fields.join(SOS_FIELD_SEPARATOR);

describe("the forms' rules", () => {
  test("SOS entries: who, what, category and when; the key is the first three fields; a short entry is kept whole; empty ones go", () => {
    const joined = [entry("Pepe", "me caí al agua", "Consulta regular", "02/12/2026 10:00"), "", entry("Ana", "línea 1\r\nlínea Ø 2", "Descargo", "02/12/2026 10:05"), "raro"].join(JOINED_LIST_SEPARATOR);
    expect(parseSosRequests(joined)).toEqual([
      { key: entry("Pepe", "me caí al agua", "Consulta regular"), name: "Pepe", text: "me caí al agua", category: "Consulta regular", sentAt: "02/12/2026 10:00" },
      { key: entry("Ana", "línea 1\r\nlínea ", " 2", "Descargo"), name: "Ana", text: entry("línea 1\r\nlínea ", " 2"), category: "Descargo", sentAt: "02/12/2026 10:05" },
      { key: "raro", name: "", text: "raro", category: "", sentAt: "" },
    ]);
    expect(parseSosRequests("")).toEqual([]);
  });

  test("the MOTD is edited one line per line and sent with CRLF, as the stock editor does", () => {
    expect(motdForEditing("Hola\r\nNo hagan macro\nChau")).toBe("Hola\nNo hagan macro\nChau");
    expect(motdForSending("Hola\nNo hagan macro\r\nChau\r")).toBe("Hola\r\nNo hagan macro\r\nChau\r\n");
  });
});

describe("the forms in the session", () => {
  test("/MOTDCAMBIA's editor opens with the current lines; Save sends SetMOTD and closes it; nothing is sent without the form", () => {
    const { session, transport } = loggedInSession();
    transport.take();
    session.saveMotd("sin formulario");
    expect(transport.take()).toEqual([]);
    session.receive(serverBody("ShowMOTDEditionForm", { currentMotd: "Hola\r\nChau" }), 0);
    expect(session.state.staffForm).toEqual({ kind: "motd", text: "Hola\nChau" });
    session.saveMotd("Bienvenidos\nSin macro");
    expect(transport.take()).toEqual([{ id: 179, name: "SetMOTD", fields: { text: "Bienvenidos\r\nSin macro" } }]);
    expect(session.state.staffForm).toBeNull();
  });

  test("/PANELGM sends SOSShowList, then GMPanel, as the stock client's parser", () => {
    const { session, transport } = loggedInSession();
    transport.take();
    session.chat("/PANELGM", 0);
    expect(transport.take().map((packet) => packet.name)).toEqual(["SOSShowList", "GMPanel"]);
  });

  test("the SOS panel lists the requests; Atendido sends SOSRemove with the entry's key and takes the oldest of that key off; Close sends nothing", () => {
    const { session, transport } = loggedInSession();
    transport.take();
    const pepe = entry("Pepe", "ayuda", "Consulta regular");
    const joined = [`${pepe}${SOS_FIELD_SEPARATOR}10:00`, `${pepe}${SOS_FIELD_SEPARATOR}10:01`, entry("Ana", "bug", "Bug", "10:02")].join(JOINED_LIST_SEPARATOR);
    session.receive(serverBody("ShowSOSForm", { requests: joined }), 0);
    session.resolveSosRequest(pepe);
    session.resolveSosRequest("no existe");
    expect(transport.take()).toEqual([{ id: 113, name: "SOSRemove", fields: { userName: pepe } }]);
    const form = session.state.staffForm;
    expect(form?.kind === "sos" ? form.requests.map((request) => `${request.name} ${request.sentAt}`) : form).toEqual(["Pepe 10:01", "Ana 10:02"]);
    session.closeStaffForm();
    expect(session.state.staffForm).toBeNull();
    expect(transport.take()).toEqual([]);
  });
});
