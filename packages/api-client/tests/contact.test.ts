import { afterEach, describe, expect, it, vi } from "vitest";
import {
  ApiError,
  CONTACT_URL,
  type ContactMessage,
  contactFields,
  isContactField,
  submitContact,
} from "../src/contact";
import { apiError, caught, json, stubFetch } from "./fetch-stub";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("submitContact", () => {
  const message: ContactMessage = {
    name: "Jane Doe",
    email: "jane@example.org",
    subject: "job",
    message: "I have a role you might like.",
  };

  it("POSTs the five fields to /api/contact, the honeypot empty by default", async () => {
    const fetchMock = stubFetch(async () => json({ status: "accepted" }, { status: 202 }));
    await expect(submitContact(message)).resolves.toEqual({ status: "accepted" });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(CONTACT_URL);
    expect(url).toBe("/api/contact");
    expect(JSON.parse(String(init?.body))).toEqual({ ...message, website: "" });
  });

  it("sends nothing but the API's fields", async () => {
    const fetchMock = stubFetch(async () => json({ status: "accepted" }, { status: 202 }));
    await submitContact({ ...message, website: "spam.example", extra: "x" } as ContactMessage);
    expect(Object.keys(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body)))).toEqual([
      "name",
      "email",
      "subject",
      "message",
      "website",
    ]);
  });

  it("throws the server's field error", async () => {
    stubFetch(async () => apiError(400, "invalid", "Please enter a valid email address", "email"));
    const error = await caught(submitContact(message));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      field: "email",
      apiMessage: "Please enter a valid email address",
    });
  });
});

describe("contact fields", () => {
  it("are the four the gateway names in a 400, in the form's order", () => {
    expect(contactFields).toEqual(["name", "email", "subject", "message"]);
    expect(isContactField("subject")).toBe(true);
    expect(isContactField("website")).toBe(false);
    expect(isContactField(undefined)).toBe(false);
  });
});
