import { lazy, Suspense, useState } from "react";
import { useToast } from "./use-toast";

// Radix Toast is ~9 kB gzip that no page needs until something raises a toast, so the
// region (the 'Notifications (F8)' landmark) is loaded then and stays mounted after.
const ToastRegion = lazy(() => import("./toast-region"));

/** Renders the page's toasts; mount once, in the host. */
export function Toaster() {
  const { toasts } = useToast();
  const [needed, setNeeded] = useState(false);
  if (!needed && toasts.length > 0) setNeeded(true);
  if (!needed && toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ToastRegion toasts={toasts} />
    </Suspense>
  );
}
