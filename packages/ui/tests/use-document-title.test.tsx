import { render } from "@testing-library/react";
import { expect, it } from "vitest";
import { useDocumentTitle } from "../src/use-document-title";

function Titled({ parts }: { parts: string[] }) {
  useDocumentTitle(...parts);
  return null;
}

it("sets the document title to its parts joined by ' · ', and follows them", () => {
  const { rerender } = render(<Titled parts={["Kubernetes Security", "Jane Doe"]} />);
  expect(document.title).toBe("Kubernetes Security · Jane Doe");
  rerender(<Titled parts={["Project Not Found", "Jane Doe"]} />);
  expect(document.title).toBe("Project Not Found · Jane Doe");
});
