// @portfolio/content/home: the home page's hero (the owner's name and social links are
// `site` in the root export).
import homeJson from "../home.json";
import { contentOf } from "./freeze";
import type { Home } from "./types";

export type { ContentImage, Home, HomeCta } from "./types";

export const home: Home = contentOf(homeJson) as Home;
