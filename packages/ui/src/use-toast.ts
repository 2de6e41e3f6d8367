import { type ReactNode, useEffect, useState } from "react";

/** Spec: one toast at a time; a dismissed toast stays mounted (closed) this long. */
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1_000_000;
/** Spec: a toast lasts 5000 ms unless it says otherwise. */
export const TOAST_DURATION = 5000;

export type ToastVariant = "default" | "destructive";

export interface ToastOptions {
  title?: ReactNode;
  description?: ReactNode;
  /** A <ToastAction> element. */
  action?: ReactNode;
  variant?: ToastVariant;
  duration?: number;
}

export interface ToastState extends ToastOptions {
  id: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

interface State {
  toasts: ToastState[];
}

type Action =
  | { type: "ADD"; toast: ToastState }
  | { type: "UPDATE"; toast: Partial<ToastState> & { id: string } }
  | { type: "DISMISS"; id?: string }
  | { type: "REMOVE"; id?: string };

// One store per page. @portfolio/ui/use-toast is a Module Federation singleton, so a
// toast raised in a remote lands in the host's <Toaster>.
let state: State = { toasts: [] };
const listeners = new Set<(state: State) => void>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();
let count = 0;

function nextId(): string {
  count = (count + 1) % Number.MAX_SAFE_INTEGER;
  return String(count);
}

function scheduleRemoval(id: string): void {
  if (removeTimers.has(id)) return;
  removeTimers.set(
    id,
    setTimeout(() => {
      removeTimers.delete(id);
      dispatch({ type: "REMOVE", id });
    }, TOAST_REMOVE_DELAY),
  );
}

export function reducer(current: State, action: Action): State {
  switch (action.type) {
    case "ADD":
      return { toasts: [action.toast, ...current.toasts].slice(0, TOAST_LIMIT) };
    case "UPDATE":
      return {
        toasts: current.toasts.map((t) =>
          t.id === action.toast.id ? { ...t, ...action.toast } : t,
        ),
      };
    case "DISMISS":
      return {
        toasts: current.toasts.map((t) =>
          action.id === undefined || t.id === action.id ? { ...t, open: false } : t,
        ),
      };
    case "REMOVE":
      return {
        toasts: action.id === undefined ? [] : current.toasts.filter((t) => t.id !== action.id),
      };
  }
}

function dispatch(action: Action): void {
  if (action.type === "DISMISS") {
    for (const t of state.toasts)
      if (action.id === undefined || t.id === action.id) scheduleRemoval(t.id);
  }
  state = reducer(state, action);
  for (const listener of listeners) listener(state);
}

export interface ToastHandle {
  id: string;
  dismiss: () => void;
  update: (options: ToastOptions) => void;
}

/** Shows a toast; replaces the one on screen (TOAST_LIMIT is 1). */
export function toast(options: ToastOptions): ToastHandle {
  const id = nextId();
  const dismiss = () => dispatch({ type: "DISMISS", id });
  dispatch({
    type: "ADD",
    toast: {
      ...options,
      id,
      open: true,
      onOpenChange: (open) => {
        if (!open) dismiss();
      },
    },
  });
  return { id, dismiss, update: (next) => dispatch({ type: "UPDATE", toast: { ...next, id } }) };
}

export function dismissToast(id?: string): void {
  dispatch({ type: "DISMISS", id });
}

export function useToast() {
  const [current, setCurrent] = useState(state);
  useEffect(() => {
    listeners.add(setCurrent);
    setCurrent(state); // a toast may have arrived between render and subscribe
    return () => {
      listeners.delete(setCurrent);
    };
  }, []);
  return { toasts: current.toasts, toast, dismiss: dismissToast };
}
