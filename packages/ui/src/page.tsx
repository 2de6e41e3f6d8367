import type { ReactElement, ReactNode } from "react";
import { Button } from "./button";

/**
 * The top of a page, in every section: the page's column, a way back above its one
 * <h1>, an intro line, then the page. `as` keeps the element a page had before it was
 * one component (a section of its own, or a plain block).
 */
export function Page({
  as: Tag = "div",
  back,
  title,
  intro,
  children,
}: {
  as?: "div" | "section";
  back?: ReactNode;
  title: ReactNode;
  intro?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Tag className="mx-auto max-w-6xl px-4 py-16 sm:px-6 md:py-20">
      {back}
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
      {intro ? <p className="mt-4 max-w-2xl text-lg text-muted-foreground">{intro}</p> : null}
      {children}
    </Tag>
  );
}

/**
 * An unknown path, in any section: the site's 404 heading, what is missing, and a way
 * back, `home`: the section's own link (its router's), shown as a button.
 */
export function NotFound({ children, home }: { children: ReactNode; home: ReactElement }) {
  return (
    <Page title="404 Page Not Found" intro={children}>
      <Button asChild className="mt-8">
        {home}
      </Button>
    </Page>
  );
}
