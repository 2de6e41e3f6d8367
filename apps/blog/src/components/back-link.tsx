import { buttonClasses } from "@portfolio/ui/button";
import { ArrowLeftIcon } from "@portfolio/ui/icons";
import type { ReactNode } from "react";
import { Link } from "react-router";

const classes = buttonClasses({ variant: "ghost", size: "sm", className: "-ml-3 mb-6" });

/** A blog page's way back, above its <h1>: a quiet button with an arrow. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className={classes}>
      <ArrowLeftIcon />
      {children}
    </Link>
  );
}
