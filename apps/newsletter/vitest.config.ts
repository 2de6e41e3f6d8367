import { componentTests } from "@portfolio/build-config/vitest";

export default componentTests();
