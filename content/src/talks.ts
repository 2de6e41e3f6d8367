// @portfolio/content/talks: talks and events, newest first.
import talksJson from "../talks.json";
import { deepFreeze } from "./freeze";
import type { Talk } from "./types";

export type { Talk } from "./types";

export const talks: readonly Talk[] = deepFreeze(talksJson.talks as Talk[]);
