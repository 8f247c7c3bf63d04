/**
 * The staff's two forms the server opens in the browser as in the stock client: the message of
 * the day editor (`ShowMOTDEditionForm`, after `/MOTDCAMBIA`) and the SOS panel (`ShowSOSForm`,
 * after `/PANELGM` or the panel's list): what each shows, read from the packet. Pure.
 */
import { JOINED_LIST_SEPARATOR, SOS_FIELD_SEPARATOR } from "../protocol/index.ts";

/** One pending request of the SOS panel: who sent it, what, its category and when; `key` removes it (`SOSRemove`). */
export interface SosRequestView {
  readonly key: string;
  readonly name: string;
  readonly text: string;
  readonly category: string;
  readonly sentAt: string;
}

export type StaffFormView = { readonly kind: "motd"; readonly text: string } | { readonly kind: "sos"; readonly requests: readonly SosRequestView[] };

/**
 * The entries of `ShowSOSForm` (`name Ø text Ø category Ø date`, joined by NUL). The removal key
 * is the first three fields, as the server built it; an entry with fewer fields is kept whole as
 * its text (never dropped: the staff must still see it), its key the entry itself.
 */
export function parseSosRequests(joined: string): SosRequestView[] {
  const requests: SosRequestView[] = [];
  for (const entry of joined.split(JOINED_LIST_SEPARATOR)) {
    if (entry === "") continue;
    const fields = entry.split(SOS_FIELD_SEPARATOR);
    if (fields.length < 4) {
      requests.push({ key: entry, name: "", text: entry, category: "", sentAt: "" });
      continue;
    }
    const sentAt = fields.pop()!;
    const [name = "", category = ""] = [fields[0], fields[fields.length - 1]];
    const text = fields.slice(1, -1).join(SOS_FIELD_SEPARATOR);
    requests.push({ key: fields.join(SOS_FIELD_SEPARATOR), name, text, category, sentAt });
  }
  return requests;
}

/** The MOTD as the editor shows it: the server's lines, one per line (it sends them with CRLF or LF). */
export function motdForEditing(currentMotd: string): string {
  return currentMotd.replace(/\r\n?/g, "\n");
}

/** The editor's text as `SetMOTD` carries it: CRLF between lines, as the stock editor sends (the server checks the size). */
export function motdForSending(edited: string): string {
  return edited.replace(/\r\n?|\n/g, "\r\n");
}
