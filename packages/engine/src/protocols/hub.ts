/**
 * Hub-2 engine protocol for Damka: the text protocol spoken over stdin/stdout by draughts GUIs
 * that run Scan-style engines (hub → id/param/wait, init → ready, pos, level, go → info/done).
 */
export {};
