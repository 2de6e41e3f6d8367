import "@testing-library/jest-dom/vitest";
import { configure } from "@testing-library/react";

// Turbo runs every package's suite at once on small machines: give async queries room.
configure({ asyncUtilTimeout: 5000 });
