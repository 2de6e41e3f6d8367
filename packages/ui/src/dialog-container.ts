import { createContext } from "react";

/**
 * Where a dialog is put in the document: by default the end of <body>; inside a section
 * (the shell provides its `[data-section]` root), that root, so that the section's own
 * stylesheet, scoped to it (docs/decisions/0002-section-css.md), styles the dialog too.
 * A module of its own: the shell provides it around every section without loading the
 * dialog itself, which the sections load when they show one.
 */
export const DialogContainer = createContext<HTMLElement | null>(null);
