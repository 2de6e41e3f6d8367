/** The progress cue's look: a thin bar across the top while a navigation's page loads. */
export const PROGRESS_BAR_CLASSES =
  "fixed inset-x-0 top-0 z-50 h-0.5 animate-pulse bg-primary print:hidden";
