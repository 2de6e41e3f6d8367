import { afterEach, describe, expect, it, vi } from "vitest";
import {
  ApiError,
  CONTACT_URL,
  type ContactMessage,
  contactFields,
  fieldProblemOf,
  submitContact,
} from "../src/contact";
import { apiError, caught, json, stubFetch } from "./fetch-stub";

const message: ContactMessage = {
  name: "Jane Doe",
  email: "jane@example.org",
  subject: "job",
  message: "I have a role you might like.",
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("submitContact", () => {
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
  it("are the four the gateway names in a 400, in the form's order", async () => {
    expect(contactFields).toEqual(["name", "email", "subject", "message"]);
    stubFetch(async () => apiError(400, "invalid", "Please choose a subject", "subject"));
    expect(fieldProblemOf(await caught(submitContact(message)), contactFields)).toEqual({
      field: "subject",
      message: "Please choose a subject",
    });
    stubFetch(async () => apiError(400, "invalid", "No", "website"));
    expect(fieldProblemOf(await caught(submitContact(message)), contactFields)).toBeUndefined();
  });
});
